import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewaySettings, webOptions } from '../../src/settings.js';
import { ADMIN, type CallResult, PRODUCTION_ENV, type ProductUnderTest, startProduct } from '../support/product.js';
import { PRODUCT_BODY } from './access-table.js';

/**
 * Headers and content (issue 9, suite 6), on the whole product's answers: the API's, the web pages' and the static
 * files'. The admin CSV's formula neutralising is proven where the CSV is made (services/admin-bff/test/csv.test.ts);
 * that the three web apps run under this policy with no violation is proven in the browser
 * (e2e/tests/public-pages.test.ts and routing.test.ts assert no CSP report on every page).
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const WEB_DIR = join(REPO, 'web');
const SHELL_PAGE = join(WEB_DIR, 'shell', 'dist', 'index.html');
// `npm test` builds before it tests; a bare run of this file on an unbuilt tree skips the built-page checks, CI never.
const built = existsSync(SHELL_PAGE) || Boolean(process.env.CI);

const APPS = ['shell', 'shop', 'admin'];
const navigate = { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } };

/** One answer of each kind the gateway gives: a page, a static file, API data, an API error, an unknown path. */
async function answersOf(harness: ProductUnderTest): Promise<Record<string, CallResult>> {
  const answers: Record<string, CallResult> = {
    'API data': await harness.call('/product/brands'),
    'API error': await harness.call('/user/get-profile', { method: 'POST', body: {} }),
    'unknown path': await harness.call('/no/such/thing'),
    health: await harness.call('/health'),
  };
  if (built) {
    answers['web page'] = await harness.call('/', navigate);
    const script = /<script[^>]*\bsrc="([^"]+)"/.exec(answers['web page'].text)?.[1];
    if (script) answers['static script'] = await harness.call(script);
  }
  return answers;
}

describe('headers and content', () => {
  let harness: ProductUnderTest;
  let answers: Record<string, CallResult>;

  beforeAll(async () => {
    harness = await startProduct('pglite', {}, undefined, { webDir: WEB_DIR });
    answers = await answersOf(harness);
  }, 120_000);
  afterAll(async () => harness?.stop());

  it('answers every kind of request with a strict Content-Security-Policy: no inline or evaluated script, no framing', () => {
    for (const [kind, answer] of Object.entries(answers)) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['script-src'], kind).toEqual(["'self'"]);
      expect(directives['default-src'], kind).toEqual(["'self'"]);
      expect(directives['frame-ancestors'], kind).toEqual(["'none'"]);
      expect(directives['object-src'], kind).toEqual(["'none'"]);
      expect(directives['base-uri'], kind).toEqual(["'self'"]);
      expect(csp, kind).not.toContain("'unsafe-eval'");
      expect(answer.headers.get('x-frame-options'), kind).toBe('DENY');
      expect(answer.headers.get('x-content-type-options'), kind).toBe('nosniff');
    }
  });

  it('reveals no server software or version, and sends no HSTS over plain HTTP outside production', () => {
    for (const [kind, answer] of Object.entries(answers)) {
      expect(answer.headers.get('server'), kind).toBeNull();
      expect(answer.headers.get('x-powered-by'), kind).toBeNull();
      expect(answer.headers.get('strict-transport-security'), kind).toBeNull();
    }
  });

  it('gives no other site a cross-origin read: no CORS headers for a foreign Origin', async () => {
    const answer = await harness.call('/product/brands', { headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await harness.call('/user/update-profile', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.runIf(built)('serves built pages with no inline script, no inline event handler and no javascript: address', async () => {
    const pages = (await Promise.all(APPS.map((app) => filesUnder(join(WEB_DIR, app, 'dist'), (path) => path.endsWith('.html'))))).flat();
    expect(pages.map((path) => relative(WEB_DIR, path))).toContain(join('shell', 'dist', 'index.html'));
    const served = answers['web page'];
    expect(served?.status).toBe(200);
    const documents = [served?.text ?? '', ...(await Promise.all(pages.map((path) => readFile(path, 'utf8'))))];
    for (const html of documents) {
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        expect(attributes).toMatch(/\bsrc="\/[^/]/);
        expect(body.trim()).toBe('');
      }
      expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    }
    expect(answers['static script']?.status).toBe(200);
    expect(answers['static script']?.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('keeps product descriptions as text: markup an admin enters comes back exactly as data, never as a page', async () => {
    const admin = await harness.adminToken();
    const markup = '<img src=x onerror="alert(1)"><script>alert(document.cookie)</script>';
    const created = await harness.call('/product/create', {
      token: admin,
      body: {
        ...PRODUCT_BODY,
        name: 'Kettle <b>bold</b>',
        descriptions: [{ title: '<h1>Highlights</h1>', content: markup }],
        sku: 'MARKUP-KETTLE',
      },
    });
    expect(created.status, created.text).toBe(201);
    const read = await harness.call(`/product/${created.body.data.id}/variants`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    const [variant] = read.body.data.variants;
    expect(variant.name).toBe('Kettle <b>bold</b>');
    expect(variant.descriptions).toEqual([{ title: '<h1>Highlights</h1>', content: markup }]);
  });

  it('keeps every answer that carries a session, or sets or clears one, out of caches: Cache-Control: no-store', async () => {
    const cacheControl = (answer: CallResult) => answer.headers.get('cache-control');
    const idp = await harness.call('/dev/idp/id-token', { body: { email: 'cache.member@example.in', name: 'Asha Rao' } });
    const memberLogin = await harness.call('/user/login', { body: { credential: idp.body.id_token } });
    const member = memberLogin.body.token as string;
    const adminLogin = await harness.call('/admin/login', { body: ADMIN });
    const admin = adminLogin.body.token as string;
    const cookie = (name: string, token: string) => ({ headers: { cookie: `${name}=${token}`, origin: 'http://localhost' } });
    const withSessions: Record<string, CallResult> = {
      'member sign-in (sets the cookie)': memberLogin,
      'admin sign-in (sets the cookie)': adminLogin,
      'member data by header': await harness.call('/user/get-profile', { method: 'POST', body: {}, token: member }),
      'member data by cookie': await harness.call('/subscription/current', cookie('elts_session', member)),
      'member list by header': await harness.call('/product/orders/user', { token: member }),
      'a public list called with a session': await harness.call('/product/brands', { token: member }),
      'a refusal of an unknown token': await harness.call('/user/get-profile', { method: 'POST', body: {}, token: 'unknown-token' }),
      'a refusal of a member at an admin route': await harness.call('/admin/users', { token: member }),
      'admin data by header': await harness.call('/admin/users', { token: admin }),
      'admin data by cookie': await harness.call('/admin/payments/stats', cookie('elts_admin', admin)),
      'member logout (clears the cookie)': await harness.call('/user/logout', { method: 'POST', body: {}, token: member }),
      'admin logout (clears the cookie)': await harness.call('/admin/logout', { method: 'POST', body: {}, token: admin }),
    };
    for (const [kind, answer] of Object.entries(withSessions)) {
      expect(answer.status, `${kind}: ${answer.text.slice(0, 120)}`).toBeLessThan(500);
      expect(cacheControl(answer), kind).toBe('no-store');
    }
    // Answers with no session keep their own caching, and so do files that are the same for everyone.
    expect(cacheControl(await harness.call('/product/brands'))).not.toBe('no-store');
    const image = await harness.call('/product/images/pressure-cooker.svg', cookie('elts_session', member));
    expect([image.status, cacheControl(image)]).toEqual([200, 'public, max-age=86400']);
    const script = /<script[^>]*\bsrc="([^"]+)"/.exec(answers['web page']?.text ?? '')?.[1];
    if (script) expect(cacheControl(await harness.call(script, cookie('elts_session', member)))).toMatch(/immutable/);
  });

  it('renders user-provided text only as text: no web source writes HTML or evaluates strings', async () => {
    const roots = [...APPS.map((app) => join(WEB_DIR, app, 'src')), join(WEB_DIR, 'router', 'src'), join(REPO, 'packages', 'ui', 'src')];
    const sources = (await Promise.all(roots.map((root) => filesUnder(root, (path) => /\.(tsx?|jsx?)$/.test(path))))).flat();
    expect(sources.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    const DANGEROUS =
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\s*\(|new Function\s*\(/;
    for (const path of sources) {
      const text = await readFile(path, 'utf8');
      text.split('\n').forEach((line, index) => {
        if (DANGEROUS.test(line)) offenders.push(`${relative(REPO, path)}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});

/**
 * The whole production policy, written out: scripts only from this site, Google's sign-in client and Cashfree's SDK;
 * frames only theirs; no inline script anywhere (inline style attributes only, which React's style prop needs);
 * forms post only here and to Cashfree; never framed; no plugins; no base-tag hijack.
 */
const PRODUCTION_CSP = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client https://sdk.cashfree.com",
  "style-src 'self' https://accounts.google.com/gsi/style",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://accounts.google.com/gsi/ https://api.cashfree.com https://sandbox.cashfree.com",
  'frame-src https://accounts.google.com/gsi/ https://sdk.cashfree.com https://api.cashfree.com https://sandbox.cashfree.com https://payments.cashfree.com https://payments-test.cashfree.com',
  "form-action 'self' https://api.cashfree.com https://sandbox.cashfree.com https://payments.cashfree.com https://payments-test.cashfree.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

describe('headers in production', () => {
  let production: ProductUnderTest;

  beforeAll(async () => {
    // The third parties as production derives them from its settings: Google sign-in and Cashfree's checkout.
    const { thirdParties } = webOptions({} as GatewaySettings, PRODUCTION_ENV);
    production = await startProduct('pglite', PRODUCTION_ENV, undefined, { nodeEnv: 'production', webDir: WEB_DIR, thirdParties });
  }, 120_000);
  afterAll(async () => production?.stop());

  it('sends HSTS for a year on every answer, and still no server version', async () => {
    for (const [kind, answer] of Object.entries(await answersOf(production))) {
      expect(answer.headers.get('strict-transport-security'), kind).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers.get('server'), kind).toBeNull();
      expect(answer.headers.get('x-powered-by'), kind).toBeNull();
      expect(answer.headers.get('content-security-policy'), kind).toBe(PRODUCTION_CSP);
    }
  });
});

async function filesUnder(root: string, keep: (relativePath: string) => boolean): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => keep(relative(root, path).split('\\').join('/')));
}
