import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPLETE_PROFILE } from '@elts/contracts/testing';
import type { Logger, NodeEnv } from '@elts/platform';
import { createTestPostgresDatabase, type DatabaseKind, dropTestPostgresDatabase, eventually, silentLogger } from '@elts/platform/testing';
import { type AllInOne, startAllInOne } from '../../src/all-in-one.js';

/**
 * The whole product in this process, called through its gateway as a browser would: the harness of the suites that
 * prove properties of the product as a whole (races, authorization, bad input).
 */

export const ADMIN = { username: 'ops', password: 'a long admin passphrase for tests' };

const WEB = {
  webDir: join(tmpdir(), 'no-web-build'),
  remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
};

/** What production insists on before it starts (Google sign-in, real payment credentials): never called in tests. */
export const PRODUCTION_ENV = {
  GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
  CASHFREE_CLIENT_ID: 'test-id',
  CASHFREE_CLIENT_SECRET: 'test-secret',
};

export { COMPLETE_PROFILE };

export interface CallInit {
  method?: string;
  token?: string;
  body?: unknown;
  /** A raw body sent as it is (with `contentType`), for requests a well-behaved client would never send. */
  raw?: string;
  contentType?: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The caller's network address (as the socket would give it); unset, in-process calls count as one client. */
  address?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export interface ProductUnderTest {
  product: AllInOne;
  /** The PostgreSQL database it runs on, for a second product over the same data. */
  databaseUrl?: string;
  call(path: string, init?: CallInit): Promise<CallResult>;
  /** A new member signed in through the development identity provider; returns the session token. */
  signUp(email: string, name?: string): Promise<string>;
  /** A member with a complete profile and an active membership paid through the simulator. */
  subscriber(email: string, name?: string): Promise<string>;
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

export interface ProductOptions {
  /** Run on this existing PostgreSQL database (another product's: two gateways over one data set); left in place. */
  databaseUrl?: string;
  nodeEnv?: NodeEnv;
  /** The folder holding the web builds (web/), to serve the built apps; none by default. */
  webDir?: string;
}

export async function startProduct(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  logger: Logger = silentLogger(),
  options: ProductOptions = {},
): Promise<ProductUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'elts-product-'));
  const ownDatabase = kind === 'postgres' && !options.databaseUrl;
  const databaseUrl = options.databaseUrl ?? (ownDatabase ? await createTestPostgresDatabase() : undefined);
  const product = await startAllInOne({
    logger,
    nodeEnv: options.nodeEnv ?? 'test',
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_CATALOG: 'false', RATE_LIMITS: 'off', ...env },
    web: options.webDir ? { ...WEB, webDir: options.webDir } : WEB,
  });

  async function call(path: string, init: CallInit = {}): Promise<CallResult> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.raw !== undefined) {
      headers['content-type'] = init.contentType ?? 'application/json';
      body = init.raw;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');
    const socket = init.address ? { incoming: { socket: { remoteAddress: init.address } } } : undefined;
    const response = await product.gateway.request(path, { method, headers, body }, socket);
    const text = await response.text();
    let parsed: unknown = text;
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  async function signUp(email: string, name = 'Asha Rao'): Promise<string> {
    const idp = await call('/dev/idp/id-token', { body: { email, name } });
    const login = await call('/user/login', { body: { credential: idp.body.id_token } });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.text}`);
    return login.body.token as string;
  }

  async function subscriber(email: string, name?: string): Promise<string> {
    const token = await signUp(email, name);
    const profile = await call('/user/update-profile', { token, body: COMPLETE_PROFILE });
    if (profile.status !== 200) throw new Error(`update-profile answered ${profile.status}: ${profile.text}`);
    // The payments service learns the profile from identity's events before it will start a mandate.
    let mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
    await eventually(async () => {
      if (mandate.status === 200) return true;
      mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
      return mandate.status === 200;
    }, 15_000);
    const approved = await call(new URL(mandate.body.data.payment_link).pathname, { form: { outcome: 'success', upi_id: 'asha@upi' } });
    if (approved.status !== 303) throw new Error(`the simulator answered ${approved.status}: ${approved.text}`);
    await eventually(async () => (await call('/subscription/current', { token })).body?.data?.subscription?.status === 'active', 15_000);
    return token;
  }

  async function adminToken(): Promise<string> {
    const admin = await call('/admin/login', { body: ADMIN });
    if (admin.status !== 200) throw new Error(`admin login answered ${admin.status}: ${admin.text}`);
    return admin.body.token as string;
  }

  return {
    product,
    ...(databaseUrl ? { databaseUrl } : {}),
    call,
    signUp,
    subscriber,
    adminToken,
    async stop() {
      await product.stop();
      if (ownDatabase && databaseUrl) await dropTestPostgresDatabase(databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
