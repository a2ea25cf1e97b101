import { defineWebApp } from '@elts/web-build-config';

export default defineWebApp({
  name: 'shop',
  dir: import.meta.dirname,
  exposes: { './MemberScreens': './src/exposed/MemberScreens.tsx' },
});
