import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { PRERENDERED_ROUTES, prerenderedPageFile } from '@elts/contracts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const PRERENDERED: ReadonlySet<string> = new Set(PRERENDERED_ROUTES);
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);
// Bundler output carries a content hash in its name: such a file never changes, so browsers may keep it for a year.
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

interface Asset {
  mtimeMs: number;
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  etag: string;
  type: string;
  cacheControl: string;
}

/**
 * Serves the three web builds: the shell at the root, each remote under `/remotes/<name>/`. Files are read once
 * (again only when they change on disk), compressed once, and answered from memory with ETags.
 */
export class WebAssets {
  private readonly cache = new Map<string, Asset>();
  private readonly roots: Record<'shell' | 'shop' | 'admin', string>;

  constructor(webDir: string) {
    this.roots = {
      shell: resolve(webDir, 'shell', 'dist'),
      shop: resolve(webDir, 'shop', 'dist'),
      admin: resolve(webDir, 'admin', 'dist'),
    };
  }

  /** The file a URL path names, or undefined when there is none (or the path tries to leave its folder). */
  async asset(path: string, request: Request): Promise<Response | undefined> {
    const located = this.locate(path);
    if (!located) return undefined;
    const asset = await this.load(located);
    return asset ? this.respond(asset, request, 200) : undefined;
  }

  /**
   * The shell's page, for a navigation: 200 for a page of the product, 404 (the shell shows not-found) otherwise. A
   * route the build rendered to HTML is answered with that page (docs/decisions/0107).
   */
  async page(request: Request, status: 200 | 404, route?: string): Promise<Response> {
    const prerendered =
      status === 200 && route && PRERENDERED.has(route) ? await this.load(join(this.roots.shell, prerenderedPageFile(route))) : undefined;
    const asset = prerendered ?? (await this.load(join(this.roots.shell, 'index.html')));
    if (!asset) {
      return new Response('The web app has not been built yet: run npm run build.', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    return this.respond(asset, request, status);
  }

  private locate(path: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.endsWith('/')) return undefined;
    const remote = /^\/remotes\/(shop|admin)\/(.+)$/.exec(decoded);
    const root = remote ? this.roots[remote[1] as 'shop' | 'admin'] : this.roots.shell;
    const file = resolve(root, `.${remote ? `/${remote[2]}` : decoded}`);
    return file.startsWith(root + sep) ? file : undefined;
  }

  private async load(file: string): Promise<Asset | undefined> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const cached = this.cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const body = await readFile(file);
    const extension = extname(file).toLowerCase();
    const compressible = COMPRESSIBLE.has(extension) && body.length > 512;
    const asset: Asset = {
      mtimeMs: info.mtimeMs,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      cacheControl: HASHED_NAME.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(compressible
        ? {
            gzip: gzipSync(body, { level: 9 }),
            brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          }
        : {}),
    };
    this.cache.set(file, asset);
    return asset;
  }

  private respond(asset: Asset, request: Request, status: number): Response {
    const headers = new Headers({
      'content-type': asset.type,
      'cache-control': asset.cacheControl,
      etag: asset.etag,
      vary: 'accept-encoding',
    });
    if (status === 200 && request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
    const accepted = request.headers.get('accept-encoding') ?? '';
    let body = asset.body;
    if (asset.brotli && /\bbr\b/.test(accepted)) {
      body = asset.brotli;
      headers.set('content-encoding', 'br');
    } else if (asset.gzip && /\bgzip\b/.test(accepted)) {
      body = asset.gzip;
      headers.set('content-encoding', 'gzip');
    }
    headers.set('content-length', String(body.length));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }
}
