import { fromIndianWallClock } from '@elts/contracts';
import { orderCompletedEvent, orderPlacedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogProduct, OPERATOR, record, settled, useAdminBff } from './helpers.js';

// The Drops chart from admin-bff's read model (issue 39 item 1, decision 0170): the catalogue's events give the units
// received and the drops, orders' events the units sold; each figure is proven against the events it sums, per Indian
// clock hour of the drop.

/** An instant on India's wall clock. */
const ist = (text: string) => fromIndianWallClock(text) as Date;
const actor = { actor: OPERATOR };
const DROP = 'DRP-TUESDAY';
const MEMBER = '6f1e4f4b-9d0a-4c2b-8a00-0000000000d1';

describe.each(DATABASE_KINDS)('the Drops chart on %s', (kind) => {
  const { available, bff } = useAdminBff(kind);

  const product = (productId: string, stock: number, at: Date, window: Record<string, unknown>, name: string) =>
    record(
      bff.harness,
      'catalog',
      `product-${productId}`,
      [{ type: 'ProductCreated', data: { productId, product: catalogProduct({ ...window, name }), stock }, metadata: actor }],
      at,
    );
  const adjust = (productId: string, previousAvailable: number, available: number, at: Date) =>
    record(
      bff.harness,
      'catalog',
      `product-${productId}`,
      [{ type: 'StockAdjusted', data: { productId, available, previousAvailable }, metadata: actor }],
      at,
    );
  const sold = (orderId: string, productId: string, quantity: number, at: Date) =>
    record(bff.harness, 'orders', `order-${orderId}`, [orderCompletedEvent(orderId, { memberId: MEMBER, productId, quantity })], at);

  beforeAll(async () => {
    if (!available) return;
    // A drop of the operators' own, on a Tuesday from 10:00 to 14:00 in India (no calendar drop is open then).
    await record(bff.harness, 'catalog', `drop-${DROP}`, [
      {
        type: 'DropScheduled',
        data: {
          dropId: DROP,
          opensAt: ist('2026-11-24T10:00').toISOString(),
          closesAt: ist('2026-11-24T14:00').toISOString(),
          label: 'Tuesday drop',
        },
        metadata: actor,
      },
    ]);
    await record(bff.harness, 'catalog', 'drop-DRP-LATER', [
      {
        type: 'DropScheduled',
        data: { dropId: 'DRP-LATER', opensAt: '2099-12-26T18:30:00.000Z', closesAt: '2099-12-28T18:30:00.000Z', label: 'Later drop' },
        metadata: actor,
      },
    ]);
    const inDrop = { dropId: DROP };
    // The kettle: 9 received, 2 taken out and 1 sold before the opening (6 offered then); 3 more received and 4 sold in
    // the drop (one of them an exchange's replacement); one sold after its close is not the drop's.
    await product('PRD-KETTLE', 9, ist('2026-11-20T12:00'), inDrop, 'Kettle');
    await adjust('PRD-KETTLE', 9, 7, ist('2026-11-22T12:00'));
    await sold('ORD-EARLY', 'PRD-KETTLE', 1, ist('2026-11-23T09:59'));
    await sold('ORD-TWO', 'PRD-KETTLE', 2, ist('2026-11-24T10:20'));
    await adjust('PRD-KETTLE', 4, 7, ist('2026-11-24T11:00'));
    await sold('ORD-ONE', 'PRD-KETTLE', 1, ist('2026-11-24T11:40'));
    // A mixer bought before (not in the drop) exchanged for a kettle, taken at 12:59.
    await record(
      bff.harness,
      'orders',
      'order-ORD-SWAP',
      [
        orderPlacedEvent('ORD-SWAP', { memberId: MEMBER, productId: 'PRD-MIXER', quantity: 1 }),
        orderCompletedEvent('ORD-SWAP', { memberId: MEMBER, productId: 'PRD-MIXER', quantity: 1 }),
      ],
      ist('2026-11-10T12:00'),
    );
    await record(
      bff.harness,
      'orders',
      'order-ORD-SWAP',
      [
        {
          type: 'ExchangeApproved',
          data: { orderId: 'ORD-SWAP', memberId: MEMBER, exchangeId: 'EXC-1', shipment: 2, productId: 'PRD-KETTLE', shipsBy: '2026-11-27' },
          metadata: actor,
        },
      ],
      ist('2026-11-24T12:59'),
    );
    await sold('ORD-LATE', 'PRD-KETTLE', 1, ist('2026-11-24T14:00'));
    // A flask received an hour before the opening and never sold; a product without a window of its own or a drop
    // sells in whichever drop is open (this one); one with dates of its own is in no drop, whatever it sold then.
    await product('PRD-FLASK', 5, ist('2026-11-24T09:00'), inDrop, 'Flask');
    await product('PRD-ANYDROP', 2, ist('2026-11-01T12:00'), {}, 'Bottle');
    await product('PRD-MIXER', 4, ist('2026-11-01T12:00'), { saleStartAt: ist('2026-11-01T00:00').toISOString() }, 'Mixer');
    await sold('ORD-MIXER', 'PRD-MIXER', 1, ist('2026-11-24T10:30'));
    await settled(bff.harness, bff.admin, 60_000);
  }, 180_000);

  const sales = async (dropId: string) => bff.harness.json(`/admin/charts/drops/${dropId}`, { token: bff.admin.token });

  it.runIf(available)(
    'counts the units sold in each Indian hour of the drop against those it offered, and each product’s sell-through',
    async () => {
      const { status, body } = await sales(DROP);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data.drop).toEqual({
        id: DROP,
        label: 'Tuesday drop',
        opensAt: ist('2026-11-24T10:00').toISOString(),
        closesAt: ist('2026-11-24T14:00').toISOString(),
      });
      expect(body.data.hours).toEqual([
        { start: ist('2026-11-24T10:00').toISOString(), sold: 2, soldSoFar: 2 },
        { start: ist('2026-11-24T11:00').toISOString(), sold: 1, soldSoFar: 3 },
        { start: ist('2026-11-24T12:00').toISOString(), sold: 1, soldSoFar: 4 },
        { start: ist('2026-11-24T13:00').toISOString(), sold: 0, soldSoFar: 4 },
      ]);
      expect(body.data.products).toEqual([
        { id: 'PRD-KETTLE', name: 'Kettle', offered: 9, sold: 4, sellThroughPercent: 44 },
        { id: 'PRD-ANYDROP', name: 'Bottle', offered: 2, sold: 0, sellThroughPercent: 0 },
        { id: 'PRD-FLASK', name: 'Flask', offered: 5, sold: 0, sellThroughPercent: 0 },
      ]);
      expect([body.data.offered, body.data.sold]).toEqual([16, 4]);
    },
  );

  it.runIf(available)('keeps each hour’s sums equal to the moves the events made', async () => {
    // Summed here from stock_moves, the one row per event: the read model's hours hold the same.
    const counted = await sql<{ product_id: string; hour: Date; on_hand: string; sold: string }>`
      select product_id, indian_hour(at) as hour, sum(on_hand)::text as on_hand, sum(sold)::text as sold
      from stock_moves group by 1, 2 order by 1, 2`.execute(bff.harness.db);
    const kept = await sql<{ product_id: string; hour: Date; on_hand: string; sold: string }>`
      select product_id, hour, on_hand::text, sold::text from stock_hour_stats order by 1, 2`.execute(bff.harness.db);
    expect(kept.rows).toEqual(counted.rows);
    // And per Indian day, what the units before a drop's day are read from.
    const days = await sql`select product_id, indian_day(at)::text as day, sum(on_hand)::text as on_hand, sum(sold)::text as sold
      from stock_moves group by 1, 2 order by 1, 2`.execute(bff.harness.db);
    const keptDays = await sql`select product_id, day::text, on_hand::text, sold::text from stock_day_stats order by 1, 2`.execute(
      bff.harness.db,
    );
    expect(keptDays.rows).toEqual(days.rows);
    expect(
      counted.rows.find((row) => row.product_id === 'PRD-KETTLE' && row.hour.getTime() === ist('2026-11-24T12:00').getTime()),
    ).toMatchObject({
      sold: '1',
    });
  });

  it.runIf(available)('answers a calendar drop by its Friday, a drop not open yet with no hours, and no such drop with a 404', async () => {
    // The calendar's drop of Friday 20/11/2026 (every other Friday from the anchor, 03/01/2025): the bottle, without a
    // window of its own, sold in it too; nothing else moved then.
    const calendar = await sales('DROP-2026-11-20');
    expect(calendar.status).toBe(200);
    expect(calendar.body.data.drop.label).toBe('Deal drop of 20/11/2026');
    expect(calendar.body.data.products).toEqual([{ id: 'PRD-ANYDROP', name: 'Bottle', offered: 2, sold: 0, sellThroughPercent: 0 }]);
    expect(calendar.body.data.hours).toHaveLength(48);
    const later = await sales('DRP-LATER');
    expect(later.status).toBe(200);
    expect([later.body.data.hours, later.body.data.sold]).toEqual([[], 0]);
    const unknown = await sales('DRP-NONE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Deal drop not found');
    expect((await bff.harness.json(`/admin/charts/drops/${DROP}`)).status).toBe(401);
  });
});
