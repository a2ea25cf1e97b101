import { defineWebApp } from '@elts/web-build-config';

export default defineWebApp({ name: 'shell', dir: import.meta.dirname, prerender: './src/prerender/render-page.tsx' });
