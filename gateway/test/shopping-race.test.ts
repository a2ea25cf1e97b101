import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '@elts/platform';
import {
  createTestPostgresDatabase,
  DATABASE_KINDS,
  databaseAvailable,
  dropTestPostgresDatabase,
  eventually,
  silentLogger,
} from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AllInOne, startAllInOne } from '../src/all-in-one.js';

const BUYERS = 50;
const UNITS = 3;
const ADMIN = { username: 'ops', password: 'a long admin passphrase for tests' };
const web = {
  webDir: join(tmpdir(), 'no-web-build'),
  remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
};

/**
 * The promise of a drop, end to end through the gateway of the whole product: fifty subscribers press Buy Now at
 * once on a product with three units. Exactly three orders get a payment, all three complete when paid, the other
 * forty-seven are told it is out of stock, and the catalogue never counts a unit twice.
 */
describe.each(DATABASE_KINDS)('fifty buyers, three units, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let dataDir: string;
  let databaseUrl: string | undefined;
  let product: AllInOne;

  async function call(path: string, init: { method?: string; token?: string; body?: unknown; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await product.gateway.request(path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
  }

  async function subscriber(n: number): Promise<string> {
    const email = `buyer.${n}.${kind}@example.in`;
    const idp = await call('/dev/idp/id-token', { body: { email, name: `Buyer ${n}` } });
    const login = await call('/user/login', { body: { credential: idp.body.id_token } });
    const token = login.body.token as string;
    const profile = await call('/user/update-profile', {
      token,
      body: {
        gender: 'female',
        dob: '1994-03-12',
        firstname: 'Buyer',
        lastname: 'Rao',
        mobile: '9876543210',
        profession: 'professional',
        subscriptionType: 'Save',
        gst: '',
        needList: ['Headphones', 'Shoes', 'Cooker'],
        greedList: [],
        address: '12 MG Road, Panaji',
        professionAddress: '12 MG Road, Panaji',
        pincode: '403001',
      },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    // The payments service learns the profile from identity's events before it will start a mandate.
    let mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
    await eventually(async () => {
      if (mandate.status === 200) return true;
      mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
      return mandate.status === 200;
    }, 15_000);
    const approved = await call(new URL(mandate.body.data.payment_link).pathname, { form: { outcome: 'success', upi_id: 'buyer@upi' } });
    expect(approved.status).toBe(303);
    return token;
  }

  const order = (productId: string) => ({
    customer_email: 'buyer@example.in',
    customer_phone: '9876543210',
    first_name: 'Buyer',
    last_name: 'One',
    product_id: productId,
    quantity: 1,
    shipping_address: { name: 'Buyer One', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' },
  });

  beforeAll(async () => {
    if (!available) return;
    dataDir = await mkdtemp(join(tmpdir(), 'elts-race-'));
    if (kind === 'postgres') databaseUrl = await createTestPostgresDatabase();
    product = await startAllInOne({
      logger: silentLogger(),
      nodeEnv: 'test',
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_CATALOG: 'false', RATE_LIMITS: 'off' },
      web,
    });
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
    if (databaseUrl) await dropTestPostgresDatabase(databaseUrl);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.runIf(available)(
    'sells exactly three, completes exactly three, and never oversells',
    async () => {
      const admin = await call('/admin/login', { body: ADMIN });
      expect(admin.status).toBe(200);
      const now = Date.now();
      const created = await call('/product/create', {
        token: admin.body.token,
        body: {
          name: 'Limited Edition Pressure Cooker',
          price: 2999,
          amazonPrice: 4999,
          category: 'Home & Garden',
          brand: 'Prestige',
          stock: UNITS,
          images: ['/product/images/pressure-cooker.svg'],
          descriptions: [{ title: 'Highlights', content: 'Five litres.' }],
          sku: 'RACE-COOKER',
          variantGroup: null,
          isVariantPrimary: false,
          saleStartAt: new Date(now - 3600_000).toISOString(),
          saleEndAt: new Date(now + 24 * 3600_000).toISOString(),
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const productId = created.body.data.id as string;

      const tokens: string[] = [];
      for (let n = 0; n < BUYERS; n++) tokens.push(await subscriber(n));
      // Every buyer's membership has reached the orders service before the drop opens.
      await eventually(async () => {
        const rows = await sql<{
          count: number;
        }>`select count(*)::int as count from member_buyers where subscription_status = 'active'`.execute(
          product.infrastructure.database.forSchema('orders'),
        );
        return rows.rows[0]?.count === BUYERS;
      }, 30_000);

      const attempts = await Promise.all(tokens.map((token) => call('/product/order', { token, body: order(productId) })));
      const placed = attempts.filter((attempt) => attempt.status === 200);
      const refused = attempts.filter((attempt) => attempt.status !== 200);
      expect(placed).toHaveLength(UNITS);
      expect(refused).toHaveLength(BUYERS - UNITS);
      for (const refusal of refused) {
        expect(refusal.status).toBe(409);
        expect(refusal.body).toMatchObject({ is_success: false, message: 'Out of Stock' });
      }

      for (const attempt of placed) {
        const paid = await call(new URL(attempt.body.data.payment_link).pathname, { form: { outcome: 'success', method: 'upi' } });
        expect(paid.status).toBe(303);
      }
      const orderIds = placed.map((attempt) => attempt.body.data.order_id as string);
      await eventually(async () => {
        const statuses = await Promise.all(
          orderIds.map(
            async (orderId, i) =>
              (await call(`/product/order/${orderId}`, { token: tokens[attempts.indexOf(placed[i]!)] })).body.data?.status,
          ),
        );
        return statuses.every((status) => status === 'completed');
      }, 30_000);

      const stock = await sql<{ on_hand: number; held: number; sold: number }>`
      select on_hand, held, sold from stock where product_id = ${productId}`.execute(product.infrastructure.database.forSchema('catalog'));
      expect(stock.rows[0]).toEqual({ on_hand: UNITS, held: 0, sold: UNITS });
      const board = await call(`/product/list?enabled_only=false&limit=50`, { token: admin.body.token });
      expect(board.body.data.products.find((p: { id: string }) => p.id === productId).stock).toBe(0);
    },
    300_000,
  );
});
