import type { IncomingMessage } from 'node:http';
import type { Configuration } from '@rspack/core';
import { DEV_API_ORIGIN, DEV_PORTS } from './dev-ports.js';

type DevServer = NonNullable<Configuration['devServer']>;

/** A page load (rather than an API call): the same path may be both, like /admin/users. */
function isNavigation(request: IncomingMessage): boolean {
  return request.headers['sec-fetch-mode'] === 'navigate' || (request.headers.accept ?? '').startsWith('text/html');
}

/** Pages the services themselves serve (the sign-in provider, the payment simulator). */
const SERVICE_PAGES = ['/dev/idp', '/pay/'];

/**
 * `npm run dev`: each app on its own port with hot reload. The shell's server answers /remotes.json with the remotes'
 * dev servers and passes API calls to the running product, as the gateway does in production.
 */
export function devServer(name: keyof typeof DEV_PORTS): DevServer {
  if (name !== 'shell') {
    return { port: DEV_PORTS[name], hot: true, headers: { 'Access-Control-Allow-Origin': '*' } };
  }
  return {
    port: DEV_PORTS.shell,
    hot: true,
    historyApiFallback: true,
    proxy: [
      {
        target: DEV_API_ORIGIN,
        changeOrigin: true,
        pathFilter: (path: string, request: IncomingMessage) =>
          SERVICE_PAGES.some((page) => path.startsWith(page)) ||
          (!isNavigation(request) && !path.startsWith('/remotes.json') && isApiCall(request)),
      },
    ],
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'remotes-manifest',
        path: '/remotes.json',
        middleware: (_request: IncomingMessage, response: import('node:http').ServerResponse) => {
          response.setHeader('content-type', 'application/json');
          response.setHeader('cache-control', 'no-cache');
          response.end(
            JSON.stringify({
              shop: `http://localhost:${DEV_PORTS.shop}/remoteEntry.js`,
              admin: `http://localhost:${DEV_PORTS.admin}/remoteEntry.js`,
            }),
          );
        },
      });
      return middlewares;
    },
  };
}

/** The web apps call the API with `Accept: application/json` (see @elts/ui's api client), and only they do. */
function isApiCall(request: IncomingMessage): boolean {
  return (request.headers.accept ?? '').includes('application/json') || (request.method !== 'GET' && request.method !== 'HEAD');
}
