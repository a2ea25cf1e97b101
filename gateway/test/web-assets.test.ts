import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createServiceApp, inProcessUpstream, ok } from '@elts/platform';
import { silentLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/gateway-app.js';

const html = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('gateway serving the web apps', () => {
  let webDir: string;
  let gateway: ReturnType<typeof createGatewayApp>;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'elts-web-'));
    await mkdir(join(webDir, 'shell', 'dist'), { recursive: true });
    await mkdir(join(webDir, 'shop', 'dist'), { recursive: true });
    await mkdir(join(webDir, 'admin', 'dist'), { recursive: true });
    await writeFile(join(webDir, 'shell', 'dist', 'index.html'), '<!doctype html><title>Shell</title><div id="root"></div>');
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

  it('answers a navigation to a page of the product with the shell', async () => {
    for (const path of ['/', '/about', '/privacy', '/profile', '/admin/login', '/admin/users', '/order']) {
      const res = await gateway.request(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Shell</title>');
    }
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
});
