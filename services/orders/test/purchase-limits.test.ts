import { DATABASE_KINDS, databaseAvailable } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_REASON } from '../src/processes/order-saga/decider.js';
import { order, startTestbed } from './testbed.js';

const ALREADY_ORDERED =
  'You already have an order for this product (or another version of it). Students and working professionals can buy one of each product.';
const TWO_UNPAID =
  'You already have 2 orders waiting for payment, the most you can have at once. Finish paying for one, or wait until an unpaid one closes, before you place another.';

// Spec section 1: students and working professionals may buy one product each, across orders too (the About page and
// the quantity refusal say "one of each product"); and no member may sit on stock with many unpaid orders at once.
describe.each(DATABASE_KINDS)('purchase limits on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;

  beforeAll(async () => {
    if (!available) return;
    bed = await startTestbed(kind, {
      'PRD-BOOK': { stock: 100, name: 'Atomic Habits' },
      'PRD-PEN': { stock: 100 },
      'PRD-LAMP': { stock: 100 },
      'PRD-MUG': { stock: 100 },
      'PRD-TRIO': { stock: 3 },
      // Two versions of one shoe: one product for the rule.
      'PRD-SHOE-8': { stock: 10, variantGroup: 'pegasus-41' },
      'PRD-SHOE-9': { stock: 10, variantGroup: 'pegasus-41' },
    });
  });
  afterAll(async () => bed?.close());

  const held = (orderId: string) => bed.catalog.holds.get(orderId)?.state;

  it.runIf(available)('lets a working professional buy a product once: a completed or a pending order of it refuses another', async () => {
    const member = await bed.subscriber({ profession: 'professional' });
    const first = await bed.place(member, order('PRD-BOOK'));
    expect(first.status).toBe(200);
    // While the first waits for payment...
    const whilePending = await bed.place(member, order('PRD-BOOK'));
    expect(whilePending.status).toBe(409);
    expect(whilePending.body.message).toBe(ALREADY_ORDERED);
    // ...and once it is paid: the bug was two completed orders of one book.
    await bed.settle(member, first.body.data.order_id, 'success');
    const afterPaid = await bed.place(member, order('PRD-BOOK'));
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.body.message).toBe(ALREADY_ORDERED);
    expect(await bed.ordersOf(member.memberId)).toEqual([{ order_id: first.body.data.order_id, status: 'completed' }]);
    // A refusal holds nothing and spends nothing.
    expect([...bed.catalog.holds.values()].filter((hold) => hold.productId === 'PRD-BOOK' && hold.state === 'held')).toEqual([]);
  });

  it.runIf(available)('applies to students and to members who have not said, not to businesses with a GSTIN', async () => {
    for (const who of [{ profession: 'student' }, {}, { profession: 'business' }]) {
      const member = await bed.subscriber(who);
      expect((await bed.place(member, order('PRD-PEN'))).status).toBe(200);
      expect((await bed.place(member, order('PRD-PEN'))).body.message).toBe(ALREADY_ORDERED);
    }
    const business = await bed.subscriber({ profession: 'business', gst: '27AAPFU0939F1ZV' });
    expect((await bed.place(business, order('PRD-PEN'))).status).toBe(200);
    expect((await bed.place(business, order('PRD-PEN'))).status).toBe(200);
  });

  it.runIf(available)('does not count failed or cancelled orders', async () => {
    const member = await bed.subscriber({ profession: 'student' });
    const failed = (await bed.place(member, order('PRD-LAMP'))).body.data.order_id;
    await bed.settle(member, failed, 'failed');
    const cancelled = (await bed.place(member, order('PRD-LAMP'))).body.data.order_id;
    await bed.settle(member, cancelled, 'cancelled');
    const third = await bed.place(member, order('PRD-LAMP'));
    expect(third.status).toBe(200);
  });

  it.runIf(available)('counts the versions of a variant group as one product', async () => {
    const member = await bed.subscriber({ profession: 'student' });
    const uk8 = (await bed.place(member, order('PRD-SHOE-8'))).body.data.order_id;
    await bed.settle(member, uk8, 'success');
    const uk9 = await bed.place(member, order('PRD-SHOE-9'));
    expect(uk9.status).toBe(409);
    expect(uk9.body.message).toBe(ALREADY_ORDERED);
  });

  it.runIf(available)('gives exactly one order when one member orders one product twice at the same moment', async () => {
    const member = await bed.subscriber({ profession: 'professional' });
    const answers = await Promise.all([1, 2, 3].map(() => bed.place(member, order('PRD-MUG'))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.message)).toEqual([
      ALREADY_ORDERED,
      ALREADY_ORDERED,
    ]);
    const kept = answers.find((answer) => answer.status === 200)!.body.data.order_id;
    expect(await bed.ordersOf(member.memberId)).toEqual([{ order_id: kept, status: 'pending' }]);
    // Whatever the losers held or spent before the check under the lock refused them went back.
    const mugHolds = [...bed.catalog.holds.entries()].filter(([, hold]) => hold.productId === 'PRD-MUG' && hold.state === 'held');
    expect(mugHolds.map(([id]) => id)).toEqual([kept]);
    expect(bed.payments.creditBalance(member.memberId)).toBe(99_900 - bed.payments.credit.get(kept)!.amount);
  });

  it.runIf(available)('refunds a late payment whose product the member has ordered again meanwhile', async () => {
    const member = await bed.subscriber({ profession: 'student' });
    const late = (await bed.place(member, order('PRD-SHOE-8'))).body.data.order_id;
    await bed.settle(member, late, 'failed');
    const again = (await bed.place(member, order('PRD-SHOE-9'))).body.data.order_id;
    await bed.announce(member, late, 'success');
    await expect.poll(async () => (await bed.detail(member, late)).status).toBe('cancelled');
    expect((await bed.detail(member, late)).error).toBe(REFUND_REASON.givenUp);
    expect(bed.payments.payments.get(late)?.refunded).toBe(true);
    expect(held(late)).toBe('released');
    expect((await bed.detail(member, again)).status).toBe('pending');
  });

  describe('unpaid orders', () => {
    it.runIf(available)('lets one member hold at most 2 unpaid orders, so three units are not all theirs', async () => {
      const hoarder = await bed.subscriber({ profession: 'business', gst: '27AAPFU0939F1ZV' });
      const first = await bed.place(hoarder, order('PRD-TRIO'));
      const second = await bed.place(hoarder, order('PRD-TRIO'));
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await bed.place(hoarder, order('PRD-TRIO'));
      expect(third.status).toBe(409);
      expect(third.body.message).toBe(TWO_UNPAID);
      // So someone else can still buy the third unit.
      const neighbour = await bed.subscriber({ profession: 'student' });
      expect((await bed.place(neighbour, order('PRD-TRIO'))).status).toBe(200);
      // Paying for one (or its closing) makes room again.
      await bed.settle(hoarder, first.body.data.order_id, 'success');
      const another = await bed.place(hoarder, order('PRD-PEN'));
      expect(another.status).toBe(200);
    });

    it.runIf(available)('holds the cap when several orders arrive at once', async () => {
      const member = await bed.subscriber({ profession: 'business', gst: '27AAPFU0939F1ZV' });
      const answers = await Promise.all(['PRD-PEN', 'PRD-LAMP', 'PRD-MUG', 'PRD-BOOK'].map((id) => bed.place(member, order(id))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409]);
      expect((await bed.ordersOf(member.memberId)).map((row) => row.status)).toEqual(['pending', 'pending']);
    });
  });
});

describe.each(DATABASE_KINDS)('the unpaid-order cap setting on %s', (kind) => {
  const available = databaseAvailable(kind);

  it.runIf(available)('follows UNPAID_ORDERS_PER_MEMBER', async () => {
    const bed = await startTestbed(kind, { 'PRD-PEN': { stock: 10 }, 'PRD-LAMP': { stock: 10 } }, { UNPAID_ORDERS_PER_MEMBER: '1' });
    try {
      const member = await bed.subscriber();
      expect((await bed.place(member, order('PRD-PEN'))).status).toBe(200);
      const refused = await bed.place(member, order('PRD-LAMP'));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'You already have 1 order waiting for payment, the most you can have at once. Finish paying for one, or wait until an unpaid one closes, before you place another.',
      );
    } finally {
      await bed.close();
    }
  });
});
