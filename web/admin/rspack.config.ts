import { defineWebApp } from '@elts/web-build-config';

export default defineWebApp({
  name: 'admin',
  dir: import.meta.dirname,
  exposes: { './AdminApp': './src/exposed/AdminApp.tsx' },
});
