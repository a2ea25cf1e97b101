import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AppEnv } from '@elts/platform';
import type { Hono } from 'hono';

const require = createRequire(import.meta.url);

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

// The viewer's own files, served from the gateway's origin: the pages allow no outside script (security-headers.ts).
const VIEWER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ELTS Club API reference</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/reference.js"></script>
</body>
</html>
`;

// In a file rather than inline: the content security policy runs no inline script.
const START = `window.reference = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#reference', deepLinking: true });\n`;

/**
 * The API's reference: the OpenAPI 3.1 document the contracts' build wrote from the operation table, always; and,
 * outside production, a page that reads it with Swagger UI (a maintained viewer, not a hand-written one).
 */
export function apiReferenceRoutes(app: Hono<AppEnv>, production: boolean): void {
  let document: Promise<string> | undefined;
  app.get(OPENAPI_PATH, async (c) => {
    document ??= readFile(require.resolve('@elts/contracts/openapi.json'), 'utf8');
    c.header('content-type', 'application/json; charset=utf-8');
    c.header('cache-control', 'no-cache');
    return c.body(await document);
  });
  if (production) return;

  const viewerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  app.get(DOCS_PATH, (c) => c.html(PAGE));
  app.get(`${DOCS_PATH}/reference.js`, (c) => c.body(START, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get(`${DOCS_PATH}/:file`, async (c) => {
    const type = VIEWER_FILES[c.req.param('file')];
    if (!type) return c.notFound();
    return c.body(await readFile(join(viewerDir, c.req.param('file'))), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=3600',
    });
  });
}
