/**
 * The product's public API as the benchmarks set up their data: members signed in through the development identity
 * provider, subscribed through the payment simulator, products made by an admin. The same calls the screens make.
 */
import { connect } from 'node:net';
import pg from 'pg';

export const ADMIN = { username: 'bench-operator', password: 'a long passphrase for the benchmarks' } as const;
export const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** The machine's shared NATS JetStream and PostgreSQL servers (each run uses its own namespace and databases). */
export const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Answer {
  status: number;
  body: any;
}

export async function call(
  base: string,
  path: string,
  init: {
    method?: string;
    token?: string;
    body?: unknown;
    form?: Record<string, string>;
    retry?: boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', origin: base, ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const send = () =>
    fetch(base + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // The keep-alive race: the server closes a connection it has kept idle for its keep-alive timeout (Node: 5 s)
    // just as the client sends a request on it, and the request meets a reset. fetch retries only idempotent
    // methods by itself; the setup's POSTs (sign-in, profile, mandate) never reached the product, so one more try on
    // a fresh connection is what a browser does too. The hot drop's own orders pass `retry: false`.
    if (init.retry === false || !socketClosed(error)) throw error;
    connectionResets++;
    response = await send();
  }
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

/** How many requests met a connection the server had closed and were sent again (the bench prints it). */
export let connectionResets = 0;

function socketClosed(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'EPIPE';
}

async function must(answer: Promise<Answer>, what: string, status = 200): Promise<any> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what} answered ${got}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

export const PROFILE = {
  gender: 'female',
  dob: '1994-03-12',
  firstname: 'Bench',
  lastname: 'Rao',
  mobile: '9876543210',
  profession: 'professional',
  subscriptionType: 'Save',
  gst: '',
  needList: ['Headphones', 'Running shoes', 'Pressure cooker'],
  greedList: ['Smartwatch'],
  address: '12 MG Road, Panaji',
  professionAddress: '12 MG Road, Panaji',
  pincode: '403001',
};

/**
 * A business with a GSTIN: the one buyer who may order one product again (a working professional buys one of each,
 * docs/decisions/0021), for measurements that place several orders of one product as one member.
 */
export const BUSINESS_PROFILE = { ...PROFILE, profession: 'business', gst: '27AAPFU0939F1ZV' };

/** A signed-in member with a complete profile (no membership yet). */
export async function member(base: string, email: string, profile: Record<string, unknown> = PROFILE): Promise<string> {
  const idp = await must(call(base, '/dev/idp/id-token', { body: { email, name: 'Bench Rao' } }), 'the development sign-in');
  const login = await must(call(base, '/user/login', { body: { credential: idp.id_token } }), 'login');
  await must(call(base, '/user/update-profile', { token: login.token, body: profile }), 'update-profile');
  return login.token as string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Approves a UPI AutoPay mandate on the simulator; payments learns the profile from events first, so it retries. */
export async function subscribe(base: string, token: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mandate = await call(base, '/subscription/create-upi-mandate', { token, body: {} });
    if (mandate.status === 200) {
      const link = new URL(mandate.body.data.payment_link).pathname;
      await must(call(base, link, { form: { outcome: 'success', upi_id: 'bench@upi' } }), 'the mandate page', 303);
      return;
    }
    if (Date.now() > deadline) throw new Error(`create-upi-mandate answered ${mandate.status}: ${JSON.stringify(mandate.body)}`);
    await pause(100);
  }
}

export async function subscriber(base: string, email: string, profile?: Record<string, unknown>): Promise<string> {
  const token = await member(base, email, profile);
  await subscribe(base, token);
  return token;
}

export async function adminToken(base: string): Promise<string> {
  return (await must(call(base, '/admin/login', { body: ADMIN }), 'admin login')).token;
}

/** An enabled product on sale now with `stock` units; answers its id. */
export async function createProduct(base: string, admin: string, stock: number, tag: string): Promise<string> {
  const now = Date.now();
  const created = await must(
    call(base, '/product/create', {
      token: admin,
      body: {
        name: `Bench ${tag} Pressure Cooker`,
        price: 2999,
        amazonPrice: 4999,
        category: 'Home & Garden',
        brand: 'Prestige',
        stock,
        images: ['/product/images/pressure-cooker.svg'],
        descriptions: [{ title: 'Highlights', content: 'Five litres.' }],
        sku: `BENCH-${tag}`,
        variantGroup: null,
        isVariantPrimary: false,
        hsnCode: '76151030',
        gstRate: 5,
        saleStartAt: new Date(now - 3600_000).toISOString(),
        saleEndAt: new Date(now + 24 * 3600_000).toISOString(),
      },
    }),
    'product create',
    201,
  );
  return created.data.id as string;
}

export const orderBody = (productId: string) => ({
  customer_email: 'bench@example.in',
  customer_phone: '9876543210',
  first_name: 'Bench',
  last_name: 'Rao',
  product_id: productId,
  quantity: 1,
  shipping_address: { name: 'Bench Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' },
});

/** Pays a reserved order: opens its checkout (Pay now), then pays on the simulator's checkout page. */
export async function pay(base: string, token: string, orderId: string, outcome: 'success' | 'failure' = 'success'): Promise<void> {
  const checkout = await must(call(base, `/product/order/${orderId}/checkout`, { token, body: {} }), 'Pay now', 200);
  await must(call(base, new URL(checkout.data.payment_link).pathname, { form: { outcome, method: 'upi' } }), 'the checkout page', 303);
}

/** Runs `work` over `items` with at most `width` at a time. */
export async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

/** Whether something accepts TCP connections at the URL's host and port (PostgreSQL, NATS) within a second. */
export function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveReach) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolveReach(true);
    });
    socket.once('error', () => resolveReach(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolveReach(false);
    });
  });
}

/** Drops the PostgreSQL databases a benchmark made (each URL names one on the POSTGRES_URL server). */
export async function dropDatabases(urls: string[]): Promise<void> {
  const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
  await cleanup.connect();
  try {
    for (const url of urls) await cleanup.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
  } finally {
    await cleanup.end();
  }
}
