import { defineWebApp } from '@elts/web-build-config';

export default defineWebApp({ name: 'shell', dir: import.meta.dirname });
