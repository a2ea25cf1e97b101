import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ADMIN_PAGES } from '@elts/contracts';
import { createServiceApp, inProcessUpstream, ok } from '@elts/platform';
import { silentLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/gateway-app.js';

const html = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let builds = 0;
/** A build's file written anew, with a time of its own: two writes within one clock tick would share a time. */
async function writeBuildFile(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  const time = new Date(Date.UTC(2026, 0, 1) + ++builds * 1000);
  await utimes(file, time, time);
}

describe('gateway serving the web apps', () => {
  let webDir: string;
  let gateway: ReturnType<typeof createGatewayApp>;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'elts-web-'));
    await mkdir(join(webDir, 'shell', 'dist'), { recursive: true });
    await mkdir(join(webDir, 'shop', 'dist'), { recursive: true });
    await mkdir(join(webDir, 'admin', 'dist'), { recursive: true });
    await writeFile(
      join(webDir, 'shell', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(webDir, 'shell', 'dist', 'main.0123abcd.js'), bigScript);
    await writeFile(join(webDir, 'shop', 'dist', 'remoteEntry.js'), 'var shop = {};');
    const admin = createServiceApp({ name: 'admin-bff', logger: silentLogger() });
    admin.get('/admin/users', (c) => ok(c, [{ id: 1 }]));
    const service = inProcessUpstream('admin-bff', admin);
    gateway = createGatewayApp({
      logger: silentLogger(),
      production: false,
      upstreams: { identity: service, catalog: service, orders: service, payments: service, 'admin-bff': service },
      webDir,
      serviceToken: 't'.repeat(40),
      remotes: { shop: '/remotes/shop/remoteEntry.js', admin: 'https://admin.example.in/remoteEntry.js' },
    });
  });
  afterAll(async () => rm(webDir, { recursive: true, force: true }));

  it('answers a navigation to a page of the product, every back-office page among them, with the shell', async () => {
    const backOffice = ADMIN_PAGES.map((page) => page.path);
    for (const path of ['/', '/about', '/privacy', '/profile', '/admin/login', ...backOffice, '/order']) {
      const res = await gateway.request(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Shell</title>');
    }
  });

  it('opens the back office when a person types /admin: Users, whose page sends a signed-out operator to log in', async () => {
    for (const path of ['/admin', '/admin/']) {
      const res = await gateway.request(path, { headers: html });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/admin/users');
    }
    // A script calling the API at /admin still gets the API's answer.
    expect((await gateway.request('/admin')).headers.get('content-type')).toContain('application/json');
  });

  it('answers a page no API shares its path with whatever the client accepts (curl), but an API path only to a browser', async () => {
    for (const path of ['/', '/about', '/profile']) {
      const res = await gateway.request(path, { headers: { accept: '*/*' } });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Shell</title>');
    }
    const api = await gateway.request('/admin/users', { headers: { accept: '*/*' } });
    expect(await api.json()).toEqual({ is_success: true, data: [{ id: 1 }] });
  });

  it('answers a route the build rendered to HTML with that page, and every other page with the shell', async () => {
    const prerendered = join(webDir, 'shell', 'dist', 'prerendered');
    await mkdir(prerendered, { recursive: true });
    await writeFile(
      join(prerendered, 'about.html'),
      '<!doctype html><title>About Us</title><div id="root" data-prerendered="/about"><h1>About Us</h1></div>',
    );
    try {
      for (const path of ['/about', '/about/']) {
        const res = await gateway.request(path, { headers: html });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text(), path).toContain('<h1>About Us</h1>');
      }
      // The landing page's file is not there (a build without it): the shell still answers.
      for (const path of ['/', '/profile'])
        expect(await (await gateway.request(path, { headers: html })).text(), path).toContain('<title>Shell</title>');
      const notFound = await gateway.request('/about/more', { headers: html });
      expect(notFound.status).toBe(404);
      expect(await notFound.text()).toContain('<title>Shell</title>');
    } finally {
      await rm(prerendered, { recursive: true, force: true });
    }
  });

  it('answers a navigation to an unknown page with the shell and status 404', async () => {
    const res = await gateway.request('/no-such-page', { headers: html });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>Shell</title>');
  });

  it('sends API calls on a page path to the service', async () => {
    const res = await gateway.request('/admin/users', { headers: { accept: 'application/json' } });
    expect(await res.json()).toEqual({ is_success: true, data: [{ id: 1 }] });
  });

  it('serves hashed assets compressed, cacheable for a year, with ETags', async () => {
    const res = await gateway.request('/main.0123abcd.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(bigScript);
    const brotli = await gateway.request('/main.0123abcd.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const again = await gateway.request('/main.0123abcd.js', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('serves each remote from its own build and the manifest that points at them', async () => {
    const entry = await gateway.request('/remotes/shop/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(await entry.text()).toBe('var shop = {};');
    const manifest = await gateway.request('/remotes.json');
    expect(await manifest.json()).toEqual({ shop: '/remotes/shop/remoteEntry.js', admin: 'https://admin.example.in/remoteEntry.js' });
  });

  it('never serves a file outside the builds', async () => {
    for (const path of ['/remotes/shop/..%2F..%2F..%2Fpackage.json', '/..%2F..%2Fpackage.json', '/remotes/shop/%00', '/missing.js']) {
      const res = await gateway.request(path);
      // A NUL is refused before any lookup (400); everything else is simply not there (404).
      expect(res.status, path).toBe(path.includes('%00') ? 400 : 404);
      expect(await res.json()).toMatchObject({ is_success: false, code: path.includes('%00') ? 'bad_request' : 'not_found' });
    }
  });

  it("names what a remote screen will load in the page of a remote's route, and only there", async () => {
    const shellList = join(webDir, 'shell', 'dist', 'chunk-files.json');
    const shopList = join(webDir, 'shop', 'dist', 'chunk-files.json');
    await writeBuildFile(shellList, JSON.stringify({ 'remote-screen': ['900.c83490c7.js', 'remote-screen.20fcfbf0.js'] }));
    await writeBuildFile(shopList, JSON.stringify({ MemberScreens: ['MemberScreens.0836ab84.js', 'MemberScreens.791c5fd5.css'] }));
    const preloads = async (path: string) => {
      const page = await (await gateway.request(path, { headers: html })).text();
      expect(page, path).toContain('<title>Shell</title>');
      return [...page.matchAll(/<link rel="preload" ([^>]*)>/g)].map((match) => match[1]);
    };
    try {
      expect(await preloads('/profile')).toEqual([
        'as="script" fetchpriority="low" href="/900.c83490c7.js"',
        'as="script" fetchpriority="low" href="/remote-screen.20fcfbf0.js"',
        'as="fetch" crossorigin="anonymous" href="/remotes.json"',
        'as="script" fetchpriority="low" href="/remotes/shop/remoteEntry.js"',
        'as="script" fetchpriority="low" href="/remotes/shop/MemberScreens.0836ab84.js"',
        'as="style" href="/remotes/shop/MemberScreens.791c5fd5.css"',
      ]);
      // This rig's admin remote lives on another origin: its entry is named, the files behind it are not known here.
      expect(await preloads('/admin/users')).toEqual([
        'as="script" fetchpriority="low" href="/900.c83490c7.js"',
        'as="script" fetchpriority="low" href="/remote-screen.20fcfbf0.js"',
        'as="fetch" crossorigin="anonymous" href="/remotes.json"',
        'as="script" fetchpriority="low" href="https://admin.example.in/remoteEntry.js"',
      ]);
      for (const path of ['/', '/welcome']) expect(await preloads(path), path).toEqual([]);
      const notFound = await gateway.request('/no-such-page', { headers: html });
      expect(await notFound.text()).not.toContain('rel="preload"');

      // A new build's list is read again; a list that cannot be read costs the page its hints, never the page.
      await writeBuildFile(shopList, JSON.stringify({ MemberScreens: ['MemberScreens.11111111.js'] }));
      expect((await preloads('/order')).at(-1)).toBe('as="script" fetchpriority="low" href="/remotes/shop/MemberScreens.11111111.js"');
      await writeBuildFile(shopList, '{"MemberScreens": ["../../../etc/passwd.js"]}');
      expect((await preloads('/order')).at(-1)).toBe('as="script" fetchpriority="low" href="/remotes/shop/remoteEntry.js"');
      await writeBuildFile(shellList, 'not json');
      expect(await preloads('/profile')).toEqual([
        'as="fetch" crossorigin="anonymous" href="/remotes.json"',
        'as="script" fetchpriority="low" href="/remotes/shop/remoteEntry.js"',
      ]);
    } finally {
      await rm(shellList);
      await rm(shopList);
    }
  });
});
