import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody } from './support/client.js';
import { type ProductUnderTest, startProduct } from './support/product.js';

const BUYERS = 50;
const UNITS = 3;

/**
 * The promise of a drop, end to end through the gateway of the whole product: fifty subscribers press Buy Now at
 * once on a product with three units. Exactly three orders get a payment, all three complete when paid, the other
 * forty-seven are told it is out of stock, and the catalogue never counts a unit twice.
 */
describe.each(DATABASE_KINDS)('fifty buyers, three units, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ProductUnderTest;
  const call: ProductUnderTest['call'] = (path, init) => harness.call(path, init);

  beforeAll(async () => {
    if (available) harness = await startProduct(kind);
  }, 120_000);
  afterAll(async () => {
    await harness?.stop();
  });

  it.runIf(available)(
    'sells exactly three, completes exactly three, and never oversells',
    async () => {
      const adminToken = await harness.adminToken();
      const now = Date.now();
      const created = await call('/product/create', {
        token: adminToken,
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
          hsnCode: '76151030',
          gstRate: 5,
          saleStartAt: new Date(now - 3600_000).toISOString(),
          saleEndAt: new Date(now + 24 * 3600_000).toISOString(),
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const productId = created.body.data.id as string;

      const tokens: string[] = [];
      for (let n = 0; n < BUYERS; n++) tokens.push(await harness.subscriber(`buyer.${n}.${kind}@example.in`, `Buyer ${n}`));
      // Every buyer's membership has reached the orders service before the drop opens.
      await eventually(async () => {
        const rows = await sql<{
          count: number;
        }>`select count(*)::int as count from member_buyers where subscription_status = 'active'`.execute(
          harness.product.infrastructure.database.forSchema('orders'),
        );
        return rows.rows[0]?.count === BUYERS;
      }, 30_000);

      const attempts = await Promise.all(tokens.map((token) => call('/product/order', { token, body: orderBody(productId) })));
      const placed = attempts.filter((attempt) => attempt.status === 200);
      const refused = attempts.filter((attempt) => attempt.status !== 200);
      expect(placed).toHaveLength(UNITS);
      expect(refused).toHaveLength(BUYERS - UNITS);
      for (const refusal of refused) {
        expect(refusal.status).toBe(409);
        expect(refusal.body).toMatchObject({ is_success: false, message: 'Out of Stock' });
      }

      for (const [i, attempt] of placed.entries()) {
        const token = tokens[attempts.indexOf(attempt)];
        const checkout = await call(`/product/order/${attempt.body.data.order_id}/checkout`, { token, body: {} });
        expect(checkout.status, `checkout ${i}`).toBe(200);
        const paid = await call(new URL(checkout.body.data.payment_link).pathname, { form: { outcome: 'success', method: 'upi' } });
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
      select on_hand, held, sold from stock where product_id = ${productId}`.execute(
        harness.product.infrastructure.database.forSchema('catalog'),
      );
      expect(stock.rows[0]).toEqual({ on_hand: UNITS, held: 0, sold: UNITS });
      const board = await call(`/product/list?enabled_only=false&limit=50`, { token: adminToken });
      expect(board.body.data.products.find((p: { id: string }) => p.id === productId).stock).toBe(0);
    },
    300_000,
  );
});
