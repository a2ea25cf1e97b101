import { createHash } from 'node:crypto';
import { catalogOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound } from '@elts/platform';
import { Hono } from 'hono';
import { illustration } from '../images/illustrations.js';

/** The demo catalogue's pictures, drawn by the catalog itself. Immutable content, so long caching and an ETag. */
export function imageRoutes() {
  const etags = new Map<string, string>();
  const app = new Hono<AppEnv>();
  mount(app, catalogOperations.productImage, (c) => {
    const file = c.req.valid('param').file;
    const svg = file.endsWith('.svg') ? illustration(file.slice(0, -'.svg'.length)) : undefined;
    if (!svg) throw notFound('Image not found');
    let etag = etags.get(file);
    if (!etag) {
      etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 16)}"`;
      etags.set(file, etag);
    }
    const headers = {
      'cache-control': 'public, max-age=86400',
      etag,
      // An SVG opened on its own is a document: let it run nothing and load nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' });
  });
  return app;
}
