export { defineWebApp, type WebAppOptions } from './define-web-app.js';
export { DEV_API_ORIGIN, DEV_PORTS } from './dev-ports.js';
