import { addDays, todayInIndia } from '@elts/contracts';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, order, startTestbed } from './testbed.js';

const SHIPPED = {
  step: 'shipped',
  courier: 'Blue Dart',
  awb_number: '12345678901',
  tracking_url: 'https://www.bluedart.com/tracking?awb=12345678901',
};

/**
 * Out-of-stock cancellation (issue 20, docs/decisions/0024): an operator cancels a paid order that cannot be
 * fulfilled; the member chooses a fund transfer or credits on their order's page, or after the deadline the fund
 * transfer is made by the order's timer. Every refusal is a 4xx sentence that records nothing.
 */
describe.each(DATABASE_KINDS)('out-of-stock cancellation on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;
  let operator: { token: string; adminId: string };

  beforeAll(async () => {
    if (!available) return;
    bed = await startTestbed(kind, { 'PRD-OOS': { stock: 1000 } });
    operator = bed.orders.adminSession();
  });
  afterAll(async () => bed?.close());

  async function paid(on = bed): Promise<{ member: Member; id: string }> {
    const member = await on.subscriber();
    const id = (await on.place(member, order('PRD-OOS'))).body.data.order_id as string;
    await on.settle(member, id, 'success');
    return { member, id };
  }
  const cancel = (id: string, token = operator.token, on = bed) =>
    on.orders.json(`/admin/order-cancellations/${id}`, { method: 'POST', token });
  const choose = (member: Member, id: string, choice: string, on = bed) =>
    on.orders.json(`/product/order/${id}/refund`, { method: 'POST', token: member.token, body: { choice } });
  const eventsOf = async (id: string, on = bed) =>
    (
      await sql<{ type: string; actor: string; data: Record<string, unknown> }>`
        select type, metadata->>'actor' as actor, data from events where stream_id = ${`order-${id}`} order by stream_version`.execute(
        on.orders.db,
      )
    ).rows;

  it.runIf(available)('cancels a paid order as out of stock, and the member chooses credits on its page', async () => {
    const { member, id } = await paid();
    const cancelled = await cancel(id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(`Order ${id} cancelled as out of stock. The member has been asked how to get the money back.`);
    const page = await bed.detail(member, id);
    expect(page.status).toBe('cancelled');
    expect(page.refund).toMatchObject({ state: 'awaiting_choice', choice: null, amount_paise: expect.any(Number) });
    expect(new Date(page.refund.choice_by).getTime()).toBeGreaterThan(Date.now() - 1000);
    expect((await bed.orders.json(`/product/order/${id}/refund`, { token: member.token })).body.data.refund.state).toBe('awaiting_choice');
    const chosen = await choose(member, id, 'credits');
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toBe('Your refund will be added to your membership credit.');
    expect(chosen.body.data.refund).toMatchObject({ state: 'refunded', choice: 'credits', chosen_by: 'member' });
    expect(bed.payments.creditRefunds.get(id)).toEqual({ memberId: member.memberId, amountPaise: page.refund.amount_paise });
    expect(bed.payments.refunds.size === 0 || ![...bed.payments.refunds.values()].some((refund) => refund.orderId === id)).toBe(true);
    // The credit the order spent came back too.
    expect(bed.creditReturned(id)).toBe(true);
    const events = await eventsOf(id);
    expect(events.find((event) => event.type === 'OrderCancelledOutOfStock')?.actor).toBe(`admin:${operator.adminId}`);
    expect(events.find((event) => event.type === 'OrderRefundChosen')?.actor).toBe(`member:${member.memberId}`);
    expect(events.find((event) => event.type === 'OrderRefunded')?.data).toMatchObject({ method: 'credits', refundId: `CR-${id}` });
    // The same choice again changes nothing; the other one is refused.
    expect((await choose(member, id, 'credits')).status).toBe(200);
    const other = await choose(member, id, 'fund_transfer');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('You already chose credits for this order.');
    expect((await eventsOf(id)).filter((event) => event.type === 'OrderRefunded')).toHaveLength(1);
  });

  it.runIf(available)('offers credits only with an active membership, saying until when they can be spent', async () => {
    const { member, id } = await paid();
    await cancel(id);
    // Credits chosen today last a year: the page names the last day.
    const today = new Date();
    const offered = (await bed.detail(member, id)).refund;
    expect(offered.credits_until).toBe(addDays(todayInIndia(today), 365));

    // The membership ends before the member chooses: credits could not be spent, so they are neither offered nor taken.
    await bed.membershipEnds(member);
    expect((await bed.detail(member, id)).refund).toMatchObject({ state: 'awaiting_choice', credits_until: null });
    const credits = await choose(member, id, 'credits');
    expect(credits.status).toBe(409);
    expect(credits.body.message).toBe(
      'Credits can only be spent with an active membership, and yours is not active, so this refund goes to your original payment method.',
    );
    expect(bed.payments.creditRefunds.has(id)).toBe(false);
    expect((await choose(member, id, 'fund_transfer')).status).toBe(200);
    expect(bed.payments.refunds.has(`RF-${id}-out-of-stock`)).toBe(true);
  });

  it.runIf(available)(
    'refunds the money at once, with nothing to choose, when the membership had ended before the cancellation',
    async () => {
      const { member, id } = await paid();
      await bed.membershipEnds(member);
      const cancelled = await cancel(id);
      expect(cancelled.body.data.refund).toMatchObject({ credits_until: null });
      await eventually(async () => bed.payments.refunds.has(`RF-${id}-out-of-stock`));
      const events = await eventsOf(id);
      expect(events.find((event) => event.type === 'OrderCancelledOutOfStock')?.data).toMatchObject({ creditsOffered: false });
      expect(events.find((event) => event.type === 'OrderRefundChosen')?.data).toMatchObject({
        choice: 'fund_transfer',
        by: 'no_membership',
      });
      await eventually(async () => (await bed.detail(member, id)).refund?.state === 'refunded');
      expect((await bed.detail(member, id)).refunds).toMatchObject([{ kind: 'out_of_stock', method: 'fund_transfer', state: 'refunded' }]);
      const credits = await choose(member, id, 'credits');
      expect(credits.status).toBe(409);
      expect(credits.body.message).toBe(
        'Credits can only be spent with an active membership, and yours is not active, so this refund goes to your original payment method.',
      );
    },
  );

  it.runIf(available)('makes the fund transfer the member chose through payments, keyed by the order', async () => {
    const { member, id } = await paid();
    await cancel(id);
    const chosen = await choose(member, id, 'fund_transfer');
    expect(chosen.body.message).toBe('Your refund will be sent to your original payment method.');
    expect(bed.payments.refunds.get(`RF-${id}-out-of-stock`)).toMatchObject({ orderId: id, key: 'out-of-stock' });
    expect(bed.creditReturned(id)).toBe(true);
    const history = (await bed.orders.json('/product/orders/user', { token: member.token })).body.data.orders;
    expect(history.find((card: { order_id: string }) => card.order_id === id)).toMatchObject({
      status: 'cancelled',
      refund: { state: 'refunded', choice: 'fund_transfer' },
      // Cancelled: no delivery to expect any more.
      fulfilment: null,
    });
    expect((await bed.detail(member, id)).fulfilment).toBeNull();
  });

  it.runIf(available)(
    'shows a fund transfer as refunding until the gateway settles it, failed when it fails, and one failed at once as failed',
    async () => {
      const { member, id } = await paid();
      await cancel(id);
      bed.payments.control.refundStatus = 'pending';
      const chosen = await choose(member, id, 'fund_transfer').finally(() => delete bed.payments.control.refundStatus);
      // Asked for is not refunded: the member is told it is on its way until the money lands.
      expect(chosen.body.data.refund).toMatchObject({ state: 'refunding', choice: 'fund_transfer' });
      expect((await bed.detail(member, id)).refunds).toMatchObject([
        { refund_id: `RF-${id}-out-of-stock`, kind: 'out_of_stock', method: 'fund_transfer', state: 'refunding', settled_at: null },
      ]);
      await bed.announceRefund(member, id, `RF-${id}-out-of-stock`, 'RefundFailed');
      await eventually(async () => (await bed.detail(member, id)).refund?.state === 'refund_failed');
      expect((await bed.detail(member, id)).refunds).toMatchObject([{ refund_id: `RF-${id}-out-of-stock`, state: 'refund_failed' }]);

      // Its failure heard before the refund's answer came back: recorded as failed, for an operator to act on.
      const other = await paid();
      await cancel(other.id);
      await bed.announceRefund(other.member, other.id, `RF-${other.id}-out-of-stock`, 'RefundFailed');
      await eventually(async () => (await eventsOf(other.id)).some((event) => event.type === 'OrderRefundSettled'));
      bed.payments.control.refundStatus = 'pending';
      const late = await choose(other.member, other.id, 'fund_transfer').finally(() => delete bed.payments.control.refundStatus);
      expect(late.body.data.refund).toMatchObject({ state: 'refund_failed' });
      expect((await bed.detail(other.member, other.id)).refunds).toMatchObject([{ state: 'refund_failed', kind: 'out_of_stock' }]);
      expect((await eventsOf(other.id)).filter((event) => event.type === 'OrderRefunded')).toHaveLength(1);
    },
  );

  it.runIf(available)('makes the fund transfer at the deadline when nobody chose, and refuses a choice after it', async () => {
    // A deadline of 2 seconds (REFUND_CHOICE_SECONDS), so the timer's fund transfer can be seen.
    const quick = await startTestbed(kind, { 'PRD-OOS': { stock: 1000 } }, { REFUND_CHOICE_SECONDS: '2' });
    try {
      const { member, id } = await paid(quick);
      expect((await cancel(id, quick.orders.adminSession().token, quick)).status).toBe(200);
      await eventually(async () => (await quick.detail(member, id)).refund?.state === 'refunded', 15_000);
      expect((await quick.detail(member, id)).refund).toMatchObject({ choice: 'fund_transfer', chosen_by: 'deadline' });
      expect(quick.payments.refunds.has(`RF-${id}-out-of-stock`)).toBe(true);
      const late = await choose(member, id, 'credits', quick);
      expect(late.status).toBe(409);
      // The deadline chose, not the member: they are told the time passed (not that they chose).
      expect(late.body.message).toBe('The time to choose has passed: the amount is refunded to your original payment method.');
      expect((await eventsOf(id, quick)).find((event) => event.type === 'OrderRefundChosen')?.actor).toBe('system:refund-deadline');

      // Past the deadline with the timer not run yet (its step stopped): the member's choice is refused all the same.
      const other = await paid(quick);
      expect((await cancel(other.id, quick.orders.adminSession().token, quick)).status).toBe(200);
      await sql`update scheduled_jobs set status = 'cancelled' where type = 'order.refund-due'`.execute(quick.orders.db);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const afterDeadline = await choose(other.member, other.id, 'credits', quick);
      expect(afterDeadline.status).toBe(409);
      expect(afterDeadline.body.message).toBe('The time to choose has passed: the amount is refunded to your original payment method.');
    } finally {
      await quick.close();
    }
  });

  it.runIf(available)('keeps the choice when payments is away, and its timer makes the refund once payments is back', async () => {
    const { member, id } = await paid();
    await cancel(id);
    bed.payments.control.refundsDown = true;
    try {
      const chosen = await choose(member, id, 'fund_transfer');
      expect(chosen.status).toBe(200);
      expect(chosen.body.data.refund).toMatchObject({ state: 'refunding', choice: 'fund_transfer' });
    } finally {
      bed.payments.control.refundsDown = false;
    }
    await eventually(async () => (await bed.detail(member, id)).refund?.state === 'refunded', 20_000);
    expect((await eventsOf(id)).filter((event) => event.type === 'OrderRefunded')).toHaveLength(1);
  });

  it.runIf(available)('refuses a member, an unpaid order, a shipped order, and another member reading the choice', async () => {
    const { member, id } = await paid();
    // A member's session is not an operator's: refused before anything is read.
    expect((await cancel(id, member.token)).status).toBe(401);
    expect((await cancel(id, '')).status).toBe(401);
    expect((await eventsOf(id)).some((event) => event.type === 'OrderCancelledOutOfStock')).toBe(false);

    const unpaidMember = await bed.subscriber();
    const unpaid = (await bed.place(unpaidMember, order('PRD-OOS'))).body.data.order_id as string;
    const refusedUnpaid = await cancel(unpaid);
    expect(refusedUnpaid.status).toBe(409);
    expect(refusedUnpaid.body.message).toBe('Only a paid order can be cancelled as out of stock.');

    const shipped = await paid();
    for (const body of [{ step: 'processing' }, SHIPPED])
      expect((await bed.orders.json(`/admin/fulfilment/${shipped.id}`, { method: 'POST', token: operator.token, body })).status).toBe(200);
    const refusedShipped = await cancel(shipped.id);
    expect(refusedShipped.status).toBe(409);
    expect(refusedShipped.body.message).toBe('This order was already shipped, so it cannot be cancelled as out of stock.');
    expect((await cancel('ORD-NOPE')).status).toBe(404);

    // Not cancelled yet: nothing to choose. Another member's order is not found.
    expect((await choose(member, id, 'credits')).status).toBe(404);
    await cancel(id);
    expect((await cancel(id)).status).toBe(200);
    expect((await eventsOf(id)).filter((event) => event.type === 'OrderCancelledOutOfStock')).toHaveLength(1);
    const stranger = await bed.subscriber();
    expect((await choose(stranger, id, 'credits')).status).toBe(404);
    expect((await bed.orders.json(`/product/order/${id}/refund`, { token: stranger.token })).status).toBe(404);
    const badChoice = await choose(member, id, 'cash');
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.message).toContain('Choose a fund transfer or credits.');
    // A cancelled order is not fulfilled any more.
    const step = await bed.orders.json(`/admin/fulfilment/${id}`, { method: 'POST', token: operator.token, body: { step: 'processing' } });
    expect(step.status).toBe(409);
  });

  it.runIf(available)('does not complete a cancelled order again when its payment success is heard again', async () => {
    const { member, id } = await paid();
    await cancel(id);
    await bed.announce(member, id, 'success');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await bed.detail(member, id)).status).toBe('cancelled');
    expect((await eventsOf(id)).filter((event) => event.type === 'OrderCompleted')).toHaveLength(1);
  });
});
