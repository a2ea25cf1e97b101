import { todayInIndia } from '@elts/contracts';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, order, startTestbed } from './testbed.js';

const SHIPPED = { step: 'shipped', courier: 'Blue Dart', awb_number: '12345678901', tracking_url: 'https://www.bluedart.com/t' };
const NOT_USABLE =
  'Credits can only be spent with an active membership, and yours is not active, so this refund goes to your original payment method.';

/**
 * A refund the payment gateway failed, made good (issue 32): an operator sends it again under a key of its own, or
 * the member takes it as credits (an active membership only); one of the two, once, even when both act together,
 * and the order's pages say where each refund stands.
 */
describe.each(DATABASE_KINDS)('failed refunds made good on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;
  let operator: { token: string; adminId: string };
  let last = 0;

  beforeAll(async () => {
    if (!available) return;
    // One unit of each product: the order takes it, so an exchange finds no replacement and refunds.
    bed = await startTestbed(kind, Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`PRD-ONE-${n}`, { stock: 1 }])));
    operator = bed.orders.adminSession();
  });
  afterAll(async () => bed?.close());

  const admin = (path: string, body: unknown = {}) => bed.orders.json(path, { method: 'POST', token: operator.token, body });
  const retry = (id: string, refundId: string, token = operator.token) =>
    bed.orders.json(`/admin/orders/${id}/refunds/${refundId}/retry`, { method: 'POST', token, body: {} });
  const asCredits = (member: Member, id: string, refundId: string) =>
    bed.orders.json(`/product/order/${id}/refunds/${refundId}/credits`, { method: 'POST', token: member.token, body: {} });

  /** A delivered order whose exchange found no replacement, and whose refund the gateway failed at once. */
  async function failedRefund(): Promise<{ member: Member; id: string; refundId: string; amount: number }> {
    const member = await bed.subscriber();
    const id = (await bed.place(member, order(`PRD-ONE-${last++}`))).body.data.order_id as string;
    await bed.settle(member, id, 'success');
    await admin(`/admin/fulfilment/${id}`, { step: 'processing' });
    await admin(`/admin/fulfilment/${id}`, SHIPPED);
    await admin(`/admin/fulfilment/${id}`, { step: 'delivered', delivered_on: todayInIndia() });
    await bed.orders.json(`/product/order/${id}/exchange`, {
      method: 'POST',
      token: member.token,
      body: { reason: 'damaged', note: 'The lid arrived cracked in two.' },
    });
    bed.payments.control.refundStatus = 'failed';
    await admin(`/admin/exchanges/${id}-X1/approve`).finally(() => delete bed.payments.control.refundStatus);
    const page = await bed.detail(member, id);
    expect(page.refunds).toMatchObject([{ kind: 'exchange', state: 'refund_failed', retry: null }]);
    return { member, id, refundId: page.refunds[0].refund_id, amount: page.amount_paise };
  }

  it.runIf(available)('sends a failed refund again when an operator asks, under a key of its own, once', async () => {
    const { member, id, refundId, amount } = await failedRefund();
    bed.payments.control.refundStatus = 'pending';
    const sent = await retry(id, refundId).finally(() => delete bed.payments.control.refundStatus);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('The refund is being sent again to the original payment method.');
    const again = `RF-${id}-retry-${refundId}`;
    expect(bed.payments.refunds.get(again)).toMatchObject({ orderId: id, key: `retry-${refundId}`, amountPaise: amount });
    expect(sent.body.data.refunds).toMatchObject([
      { refund_id: refundId, state: 'refund_failed', retry: 'fund_transfer' },
      { refund_id: again, kind: 'exchange', method: 'fund_transfer', state: 'refunding', retry_of: refundId, amount_paise: amount },
    ]);
    // The exchange follows the refund that makes it good.
    expect((await bed.detail(member, id)).exchanges[0]).toMatchObject({ state: 'refunding', refund: { refund_id: again } });
    // A second click asks for nothing new.
    expect((await retry(id, refundId)).status).toBe(200);
    expect([...bed.payments.refunds.keys()].filter((key) => key.startsWith(`RF-${id}-retry-`))).toEqual([again]);

    await bed.announceRefund(member, id, again, 'PaymentRefunded');
    await eventually(async () => (await bed.detail(member, id)).refunds[1]?.state === 'refunded');
    expect((await bed.detail(member, id)).exchanges[0].state).toBe('refunded');
  });

  it.runIf(available)('gives a failed refund as credits when the member chooses, and refuses the other way after', async () => {
    const { member, id, refundId, amount } = await failedRefund();
    const taken = await asCredits(member, id, refundId);
    expect(taken.status).toBe(200);
    expect(taken.body.message).toBe('The refund has been added to your membership credit.');
    expect(bed.payments.creditRefunds.get(id)).toEqual({ memberId: member.memberId, amountPaise: amount });
    expect(taken.body.data.refunds).toMatchObject([
      { refund_id: refundId, retry: 'credits' },
      { refund_id: `CR-${id}`, method: 'credits', state: 'refunded', retry_of: refundId },
    ]);
    const late = await retry(id, refundId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This refund was already taken as membership credit.');
    expect(bed.payments.refunds.has(`RF-${id}-retry-${refundId}`)).toBe(false);
  });

  it.runIf(available)('makes one of the two when the operator and the member act at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const { member, id, refundId } = await failedRefund();
      const answers = await Promise.all([retry(id, refundId), asCredits(member, id, refundId)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const sentAgain = bed.payments.refunds.has(`RF-${id}-retry-${refundId}`);
      const credited = bed.payments.creditRefunds.has(id);
      expect(sentAgain !== credited, 'exactly one of the fund transfer and the credits').toBe(true);
      expect((await bed.detail(member, id)).refunds).toHaveLength(2);
    }
  });

  it.runIf(available)('refuses credits without an active membership, and anything for a refund that did not fail', async () => {
    const { member, id, refundId } = await failedRefund();
    await bed.membershipEnds(member);
    const credits = await asCredits(member, id, refundId);
    expect(credits.status).toBe(409);
    expect(credits.body.message).toBe(NOT_USABLE);
    expect(bed.payments.creditRefunds.has(id)).toBe(false);

    // Sent again and settled: nothing to make good any more.
    await retry(id, refundId);
    const again = `RF-${id}-retry-${refundId}`;
    const twice = await retry(id, again);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Only a refund the payment gateway failed can be made again.');
    expect((await retry(id, 'RF-NONE')).status).toBe(404);
    // Members act on their own orders only; operators only through the back office.
    const stranger = await bed.subscriber();
    expect((await asCredits(stranger, id, refundId)).status).toBe(404);
    expect((await retry(id, refundId, member.token)).status).toBe(401);
  });

  it.runIf(available)('keeps the choice when payments does not answer, and its backstop step makes the refund', async () => {
    const { member, id, refundId } = await failedRefund();
    bed.payments.control.refundsDown = true;
    const chosen = await retry(id, refundId);
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.refunds).toMatchObject([{ refund_id: refundId, retry: 'fund_transfer' }]);
    delete bed.payments.control.refundsDown;
    await sql`update scheduled_jobs set due_at = now() where type = 'order.refund-retry' and key = ${`${id}:${refundId}`}`.execute(
      bed.orders.db,
    );
    await eventually(async () => (await bed.detail(member, id)).refunds.length === 2);
    expect(bed.payments.refunds.has(`RF-${id}-retry-${refundId}`)).toBe(true);
  });
});
