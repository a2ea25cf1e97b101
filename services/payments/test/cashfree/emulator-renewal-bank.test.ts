import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashfreeEmulator } from '../../src/gateway/cashfree-emulator/emulator.js';
import { annualPlan, daysAhead, gatewayFor, mandate, unique } from './support.js';

const DAY = 24 * 60 * 60_000;

/**
 * The emulator's bank on renewal debits, for the rigs where nobody drives it: a charge whose date has come is debited
 * when the adapter next asks about it, with Cashfree's webhook, and a tester's switch per mandate (the simulator's
 * `next-charge`, over HTTP) fails the next debits or holds them until released.
 */
describe("the Cashfree emulator's bank on renewal debits", () => {
  let emulator: CashfreeEmulator;
  let gateway: ReturnType<typeof gatewayFor>['gateway'];
  /** How far the emulator's clock is ahead of the real one. */
  let ahead = 0;
  const delivered: { type: string; status: string | undefined }[] = [];
  /** The webhooks as payments would read them, through the adapter's signature check. */
  const read: ReturnType<typeof gatewayFor>['gateway']['verifyWebhook'] extends (...args: never[]) => infer R ? R[] : never = [];

  beforeAll(async () => {
    emulator = await CashfreeEmulator.start({
      clock: () => new Date(Date.now() + ahead),
      bankOnItsOwn: true,
      webhookEndpoint: 'http://payments.local/webhooks/cashfree',
      webhookPost: async (request) => {
        const raw = await request.text();
        const body = JSON.parse(raw) as { type: string; data: { payment_status?: string; refund_status?: string } };
        delivered.push({ type: body.type, status: body.data.payment_status ?? body.data.refund_status });
        read.push(gateway.verifyWebhook(raw, request.headers, new Date(Date.now() + ahead)));
        return new Response('{}', { status: 200 });
      },
    });
    gateway = gatewayFor(emulator).gateway;
  });
  afterAll(() => emulator?.close());

  /** An approved mandate with a charge raised for the day after tomorrow; the clock back at today. */
  async function raisedCharge() {
    ahead = 0;
    const plan = annualPlan({ planId: unique('plan') });
    await gateway.ensurePlan(plan);
    const wanted = mandate(plan, { subscriptionId: unique('sub') });
    await gateway.createSubscription(wanted, unique('mandate'));
    emulator.driver.authoriseMandate(wanted.subscriptionId);
    const paymentId = unique('chg');
    const charge = {
      subscriptionId: wanted.subscriptionId,
      paymentId,
      amountPaise: 117_882,
      scheduledFor: daysAhead(2),
      remarks: 'Renewal',
    };
    await gateway.raiseCharge(charge, unique('charge'));
    delivered.length = 0;
    return { subscriptionId: wanted.subscriptionId, paymentId };
  }
  const nextCharge = (subscriptionId: string, body: unknown) =>
    fetch(`${emulator.url.replace(/\/pg$/, '')}/pay/simulator/subscriptions/${subscriptionId}/next-charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('debits a charge once its date has come, not before, and sends its webhook', async () => {
    const { subscriptionId, paymentId } = await raisedCharge();
    expect((await gateway.getCharge(subscriptionId, paymentId)).status).toBe('INITIALIZED');
    ahead = 3 * DAY;
    expect((await gateway.getCharge(subscriptionId, paymentId)).status).toBe('SUCCESS');
    await emulator.sender.settled();
    expect(delivered).toEqual([{ type: 'SUBSCRIPTION_PAYMENT_SUCCESS', status: 'SUCCESS' }]);
    // Asked again: the same answer, no second debit.
    expect((await gateway.getCharge(subscriptionId, paymentId)).status).toBe('SUCCESS');
    await emulator.sender.settled();
    expect(delivered).toHaveLength(1);
  });

  it("fails the next debit when a tester says so, with the bank's reason", async () => {
    const { subscriptionId, paymentId } = await raisedCharge();
    expect((await nextCharge(subscriptionId, { outcome: 'FAILED' })).status).toBe(200);
    ahead = 3 * DAY;
    expect(await gateway.getCharge(subscriptionId, paymentId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'DEBIT FAILED | Insufficient Funds In Customer (Remitter) Account',
    });
    await emulator.sender.settled();
    expect(delivered).toEqual([{ type: 'SUBSCRIPTION_PAYMENT_FAILED', status: 'FAILED' }]);
  });

  it('holds a debit past its date until a tester lets it through', async () => {
    const { subscriptionId, paymentId } = await raisedCharge();
    expect(await (await nextCharge(subscriptionId, { outcome: 'PENDING' })).json()).toEqual({
      is_success: true,
      data: { outcome: 'PENDING' },
    });
    ahead = 3 * DAY;
    expect((await gateway.getCharge(subscriptionId, paymentId)).status).toBe('PENDING');
    expect((await gateway.getCharge(subscriptionId, paymentId)).status).toBe('PENDING');
    await emulator.sender.settled();
    expect(delivered).toEqual([]);
    expect((await nextCharge(subscriptionId, { outcome: 'SUCCESS' })).status).toBe(200);
    await emulator.sender.settled();
    expect(delivered).toEqual([{ type: 'SUBSCRIPTION_PAYMENT_SUCCESS', status: 'SUCCESS' }]);
    expect((await gateway.getCharge(subscriptionId, paymentId)).status).toBe('SUCCESS');
  });

  it('refuses a switch for no mandate or with no outcome it knows', async () => {
    expect((await nextCharge('sub_nobody', { outcome: 'FAILED' })).status).toBe(404);
    const { subscriptionId } = await raisedCharge();
    expect((await nextCharge(subscriptionId, { outcome: 'MAYBE' })).status).toBe(400);
  });

  it("processes a refund of the mandate's authorisation debit after answering it INITIATED, with Cashfree's webhook", async () => {
    ahead = 0;
    const plan = annualPlan({ planId: unique('plan') });
    await gateway.ensurePlan(plan);
    const wanted = mandate(plan, { subscriptionId: unique('sub') });
    await gateway.createSubscription(wanted, unique('mandate'));
    const auth = emulator.driver.authoriseMandate(wanted.subscriptionId);
    delivered.length = 0;
    read.length = 0;
    const refundId = unique('RF');
    const asked = await gateway.refund({
      orderId: wanted.subscriptionId,
      refundId,
      amountPaise: 100,
      note: 'Membership refunded',
      subscriptionPayment: { subscriptionId: wanted.subscriptionId, paymentId: auth.payment_id },
    });
    // Answered INITIATED, as at Cashfree, which the adapter reads as under way.
    expect(asked.status).toBe('PENDING');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await emulator.sender.settled();
    expect(delivered).toEqual([{ type: 'SUBSCRIPTION_REFUND_STATUS', status: 'SUCCESS' }]);
    expect(read[0]).toMatchObject({ kind: 'refund', refundId, subscriptionId: wanted.subscriptionId });
    const refund = { orderId: wanted.subscriptionId, refundId };
    const subscriptionPayment = { subscriptionId: wanted.subscriptionId, paymentId: auth.payment_id };
    expect(await gateway.getRefund({ ...refund, subscriptionPayment })).toMatchObject({ refundId, status: 'SUCCESS', amountPaise: 100 });
  });
});
