import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import {
  CHUNK_FILES_LIST,
  escapeHtml,
  exposedChunkName,
  PRERENDERED_ROUTES,
  prerenderedPageFile,
  REMOTE_LOADER_CHUNK,
  REMOTE_SCREENS,
  REMOTES_MANIFEST_PATH,
  type RemotesManifest,
  remoteDrawing,
} from '@elts/contracts';

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
type RemoteName = keyof RemotesManifest;
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
  /** The shell's page with a remote's hints, and the versions of the files it was made from. */
  private readonly hinted = new Map<RemoteName, { from: string; asset: Asset }>();
  private readonly roots: Record<'shell' | RemoteName, string>;

  constructor(
    webDir: string,
    private readonly remotes: RemotesManifest,
  ) {
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
   * route the build rendered to HTML is answered with that page (docs/decisions/0107), a route a remote draws with the
   * shell's page naming what that screen will load (0108).
   */
  async page(request: Request, status: 200 | 404, route?: string): Promise<Response> {
    const found = status === 200 && route !== undefined;
    const prerendered = found && PRERENDERED.has(route) ? await this.load(join(this.roots.shell, prerenderedPageFile(route))) : undefined;
    const remote = found ? remoteDrawing(route) : undefined;
    const asset = prerendered ?? (remote ? await this.hintedPage(remote) : await this.load(join(this.roots.shell, 'index.html')));
    if (!asset) {
      return new Response('The web app has not been built yet: run npm run build.', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    return this.respond(asset, request, status);
  }

  /**
   * The shell's page with `<link rel="preload">` for what a remote screen loads one after another once the page's
   * scripts run: the shell's remote loader, the remotes manifest, the remote's entry and, when this gateway serves
   * the remote, its exposed module's scripts and style sheet. They download in parallel with the page's own scripts.
   */
  private async hintedPage(remote: RemoteName): Promise<Asset | undefined> {
    const index = await this.load(join(this.roots.shell, 'index.html'));
    if (!index) return undefined;
    const entry = this.remotes[remote];
    // The remote's other files are known only when its build is this gateway's own (the default addresses).
    const local = entry === `/remotes/${remote}/remoteEntry.js`;
    const loader = await this.chunkFiles('shell', REMOTE_LOADER_CHUNK);
    const screen = local ? await this.chunkFiles(remote, exposedChunkName(REMOTE_SCREENS[remote].module)) : undefined;
    const from = [index.etag, loader?.etag, screen?.etag].join();
    const known = this.hinted.get(remote);
    if (known?.from === from) return known.asset;
    const hrefs = [
      ...(loader?.files ?? []).map((file) => `/${file}`),
      REMOTES_MANIFEST_PATH,
      entry,
      ...(screen?.files ?? []).map((file) => `/remotes/${remote}/${file}`),
    ];
    const tags = hrefs.map(preloadTag).join('');
    const body = Buffer.from(index.body.toString('utf8').replace('</head>', `${tags}</head>`));
    const asset = assetOf(body, '.html', 'no-cache', index.mtimeMs);
    this.hinted.set(remote, { from, asset });
    return asset;
  }

  /** A build's chunk-files.json entry for one chunk (undefined without a readable list: the page goes without). */
  private async chunkFiles(app: 'shell' | RemoteName, chunk: string): Promise<{ etag: string; files: string[] } | undefined> {
    const list = await this.load(join(this.roots[app], CHUNK_FILES_LIST));
    if (!list) return undefined;
    try {
      const files = (JSON.parse(list.body.toString('utf8')) as Record<string, unknown>)[chunk];
      if (Array.isArray(files) && files.every((file) => typeof file === 'string' && /^[\w.-]+\.(js|css)$/.test(file)))
        return { etag: list.etag, files };
    } catch {}
    return undefined;
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
    const cacheControl = HASHED_NAME.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    const asset = assetOf(body, extname(file).toLowerCase(), cacheControl, info.mtimeMs);
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

/** A body ready to answer with: its type, validator and, when worth it, its compressed forms, made once. */
function assetOf(body: Buffer, extension: string, cacheControl: string, mtimeMs: number): Asset {
  const compressible = COMPRESSIBLE.has(extension) && body.length > 512;
  return {
    mtimeMs,
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    cacheControl,
    ...(compressible
      ? {
          gzip: gzipSync(body, { level: 9 }),
          brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        }
      : {}),
  };
}

/**
 * A hint for one file a remote screen will load. Scripts at low priority, as the page's own are (the style sheet and
 * the font come first); the manifest as the shell's fetch asks for it (CORS mode, so the browser can match the two).
 */
function preloadTag(href: string): string {
  const safe = escapeHtml(href);
  if (href === REMOTES_MANIFEST_PATH) return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${safe}">`;
  if (href.endsWith('.css')) return `<link rel="preload" as="style" href="${safe}">`;
  return `<link rel="preload" as="script" fetchpriority="low" href="${safe}">`;
}
