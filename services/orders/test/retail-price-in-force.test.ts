import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order, startTestbed } from './testbed.js';

// An order keeps the retail price in force when it was placed, with the date the operator recorded it (decision 0156).
describe.each(DATABASE_KINDS)('the retail price an order keeps on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;
  const recordedAt = '2026-11-20T05:30:00.000Z';

  beforeAll(async () => {
    if (!available) return;
    bed = await startTestbed(kind, {
      'PRD-DATED': { stock: 10, amazonPricePaise: 2_999_000, amazonPriceRecordedAt: recordedAt },
      'PRD-EDITED': { stock: 10, amazonPricePaise: 2_999_000, amazonPriceRecordedAt: recordedAt },
      'PRD-UNDATED': { stock: 10, amazonPricePaise: 2_999_000 },
      'PRD-NONE': { stock: 10, amazonPricePaise: null, amazonPriceRecordedAt: null },
    });
  });
  afterAll(async () => bed?.orders.close());

  it.runIf(available)('carries a dated retail price on the order page and the history card', async () => {
    const member = await bed.subscriber();
    const placed = await bed.place(member, order('PRD-DATED'));
    const orderId = placed.body.data.order_id as string;
    await bed.settle(member, orderId, 'success');
    const retail = { amount: 29990, amount_paise: 2_999_000, recorded_at: recordedAt };
    expect((await bed.detail(member, orderId)).retail_price).toEqual(retail);
    const history = await bed.orders.json('/product/orders/user', { token: member.token });
    expect(history.body.data.orders.find((card: { order_id: string }) => card.order_id === orderId).retail_price).toEqual(retail);
    const event = await sql<{
      data: any;
    }>`select data from events where stream_id = ${`order-${orderId}`} and type = 'OrderPlaced'`.execute(bed.orders.db);
    expect(event.rows[0]?.data).toMatchObject({ retailUnitPaise: 2_999_000, retailRecordedAt: recordedAt });
  });

  it.runIf(available)(
    'keeps the retail price in force when placed: a later change in the catalogue reaches only later orders',
    async () => {
      // Decision 0166: the saving is measured against what the member could see when they placed the order.
      const member = await bed.subscriber();
      const first = (await bed.place(member, order('PRD-EDITED'))).body.data.order_id as string;
      const product = bed.catalog.products['PRD-EDITED']!;
      product.amazonPricePaise = 2_499_000;
      product.amazonPriceRecordedAt = '2026-11-27T06:00:00.000Z';
      const later = await bed.subscriber();
      const second = (await bed.place(later, order('PRD-EDITED'))).body.data.order_id as string;
      product.amazonPricePaise = null;
      product.amazonPriceRecordedAt = null;
      expect((await bed.detail(member, first)).retail_price).toEqual({ amount: 29990, amount_paise: 2_999_000, recorded_at: recordedAt });
      expect((await bed.detail(later, second)).retail_price).toEqual({
        amount: 24990,
        amount_paise: 2_499_000,
        recorded_at: '2026-11-27T06:00:00.000Z',
      });
    },
  );

  it.runIf(available)('keeps none when the retail price has no date, or there is none', async () => {
    const member = await bed.subscriber();
    for (const productId of ['PRD-UNDATED', 'PRD-NONE']) {
      const placed = await bed.place(member, order(productId));
      expect((await bed.detail(member, placed.body.data.order_id)).retail_price).toBeNull();
    }
  });
});
