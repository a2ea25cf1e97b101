import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeyFor } from '../../src/gateway/cashfree/index.js';
import { CashfreeEmulator } from '../../src/gateway/cashfree-emulator/emulator.js';
import type { AuthorisationField } from '../../src/gateway/cashfree-emulator/state.js';
import { annualPlan, daysAhead, failure, gatewayFor, mandate, member, unique } from './support.js';

describe('Cashfree plans', () => {
  let fake: CashfreeEmulator;
  beforeAll(async () => {
    fake = await CashfreeEmulator.start();
  });
  afterAll(() => fake?.close());

  it('creates an ON_DEMAND plan when Cashfree does not have it, and only looks the next time', async () => {
    const { gateway } = gatewayFor(fake);
    const plan = annualPlan();
    await gateway.ensurePlan(plan);
    expect(fake.requests.slice(-2).map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', `/plans/${plan.planId}`, 404],
      ['POST', '/plans', 200],
    ]);
    const created = fake.requests.at(-1)!;
    expect(created.body).toEqual({
      plan_id: plan.planId,
      plan_name: 'Annual membership',
      plan_type: 'ON_DEMAND',
      plan_currency: 'INR',
      plan_max_amount: 1178.82,
      plan_note: plan.note,
    });
    expect(created.headers['x-idempotency-key']).toBe(idempotencyKeyFor('plan', plan.planId));

    const before = fake.requests.length;
    await gateway.ensurePlan(plan);
    expect(fake.requests.slice(before).map((r) => [r.method, r.status])).toEqual([['GET', 200]]);
  });

  it('refuses a plan id that exists with other terms (plans cannot be edited)', async () => {
    const { gateway } = gatewayFor(fake);
    const plan = annualPlan();
    await gateway.ensurePlan(plan);
    expect(await failure(gateway.ensurePlan({ ...plan, maxAmountPaise: 99_900 }))).toMatchObject({
      status: 409,
      code: 'plan_mismatch',
      retryable: false,
    });
  });

  it('accepts a plan another instance created between its look and its write', async () => {
    const { gateway } = gatewayFor(fake);
    const notFound = {
      status: 404,
      body: { message: 'plan does not exist', code: 'plan_not_found', type: 'invalid_request_error' },
      method: 'GET',
      path: /^\/plans\//,
    };

    // Another instance of ours, same definition, so the same key: Cashfree replays its answer.
    const plan = annualPlan();
    await gatewayFor(fake).gateway.ensurePlan(plan);
    fake.failNext(notFound);
    let before = fake.requests.length;
    await gateway.ensurePlan(plan);
    expect(fake.requests.slice(before).map((r) => [r.method, r.status, r.replayed ?? false])).toEqual([
      ['GET', 404, false],
      ['POST', 200, true],
    ]);

    // Created some other way (the dashboard, an older release): the write is refused, a second look finds it.
    const elsewhere = annualPlan();
    const direct = await fetch(`${fake.url}/plans`, {
      method: 'POST',
      headers: {
        'x-client-id': fake.clientId,
        'x-client-secret': fake.clientSecret,
        'x-api-version': '2025-01-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ plan_id: elsewhere.planId, plan_name: 'Annual', plan_type: 'ON_DEMAND', plan_max_amount: 1178.82 }),
    });
    expect(direct.status).toBe(200);
    fake.failNext(notFound);
    before = fake.requests.length;
    await gateway.ensurePlan(elsewhere);
    expect(fake.requests.slice(before).map((r) => [r.method, r.status])).toEqual([
      ['GET', 404],
      ['POST', 400],
      ['GET', 200],
    ]);
  });

  it('gives a plan refused for its own fields as the 400', async () => {
    const { gateway } = gatewayFor(fake);
    const error = await failure(gateway.ensurePlan(annualPlan({ planId: 'annual plan!' })));
    expect(error).toMatchObject({ status: 400, code: 'plan_id_invalid', retryable: false });
  });
});

describe.each<AuthorisationField>(['authorisation_details', 'authorization_details'])(
  'Cashfree UPI AutoPay mandate (responses spell %s)',
  (field) => {
    let fake: CashfreeEmulator;
    beforeAll(async () => {
      fake = await CashfreeEmulator.start({ authorisationField: field });
    });
    afterAll(() => fake?.close());

    it('creates the mandate, is authorised by the member, and raises and settles the next year’s charge', async () => {
      const { gateway } = gatewayFor(fake);
      const plan = annualPlan();
      await gateway.ensurePlan(plan);
      const wanted = mandate(plan);
      const created = await gateway.createSubscription(wanted, 'mandate-for-M1024');

      expect(created).toMatchObject({
        subscriptionId: wanted.subscriptionId,
        status: 'INITIALIZED',
        authorization: { status: 'INITIALIZED', amountPaise: 117_882 },
      });
      expect(created.gatewaySubscriptionId).toMatch(/^\d+$/);
      expect(created.sessionId).toMatch(/^sub_session_/);
      expect(created.authorizationLink).toBeUndefined();
      const sent = fake.requestsTo('POST', '/subscriptions').at(-1)!;
      expect(sent.headers['x-idempotency-key']).toBe(idempotencyKeyFor('subscription', 'mandate-for-M1024'));
      expect(sent.body).toEqual({
        subscription_id: wanted.subscriptionId,
        customer_details: { customer_name: member.name, customer_email: member.email, customer_phone: member.phone },
        plan_details: { plan_id: plan.planId },
        authorization_details: { authorization_amount: 1178.82, authorization_amount_refund: false, payment_methods: ['upi'] },
        subscription_meta: { return_url: wanted.returnUrl },
        subscription_expiry_time: wanted.expiresAt.toISOString(),
        subscription_note: wanted.note,
      });

      const auth = fake.driver.authoriseMandate(wanted.subscriptionId);
      const active = await gateway.getSubscription(wanted.subscriptionId);
      expect(active.status).toBe('ACTIVE');
      expect(active.authorization).toMatchObject({ status: 'ACTIVE', method: 'upi', paymentId: auth.payment_id, amountPaise: 117_882 });
      expect(active.authorization?.reference).toMatch(/^[0-9a-f]{24}@upi$/);
      expect(Math.abs(active.authorization!.authorizedAt!.getTime() - Date.now())).toBeLessThan(5_000);

      const scheduledFor = daysAhead(2);
      const charge = await gateway.raiseCharge(
        {
          subscriptionId: wanted.subscriptionId,
          paymentId: 'chg_M1024_2026_1',
          amountPaise: 117_882,
          scheduledFor,
          remarks: 'Membership renewal 2026-27',
        },
        'charge-M1024-2026-1',
      );
      expect(charge).toEqual({
        paymentId: 'chg_M1024_2026_1',
        gatewayPaymentId: expect.stringMatching(/^\d+$/),
        status: 'INITIALIZED',
        amountPaise: 117_882,
      });
      const raised = fake.requestsTo('POST', '/subscriptions/pay').at(-1)!;
      expect(raised.body).toEqual({
        subscription_id: wanted.subscriptionId,
        payment_id: 'chg_M1024_2026_1',
        payment_type: 'CHARGE',
        payment_amount: 1178.82,
        payment_schedule_date: `${new Date(scheduledFor.getTime() + 330 * 60_000).toISOString().slice(0, 10)}T06:30:00Z`,
        payment_remarks: 'Membership renewal 2026-27',
      });
      expect(raised.headers['x-idempotency-key']).toBe(idempotencyKeyFor('charge', 'charge-M1024-2026-1'));

      fake.driver.notifyCharge(wanted.subscriptionId, 'chg_M1024_2026_1');
      expect((await gateway.getCharge(wanted.subscriptionId, 'chg_M1024_2026_1')).status).toBe('PENDING');
      fake.driver.settleCharge(wanted.subscriptionId, 'chg_M1024_2026_1');
      expect(await gateway.getCharge(wanted.subscriptionId, 'chg_M1024_2026_1')).toMatchObject({ status: 'SUCCESS', amountPaise: 117_882 });
      // The authorisation debit is a payment of the subscription too, readable by its id.
      expect(await gateway.getCharge(wanted.subscriptionId, auth.payment_id)).toMatchObject({ status: 'SUCCESS', amountPaise: 117_882 });
    });

    it('shows a declined mandate as INITIALIZED with a FAILED authorisation', async () => {
      const { gateway } = gatewayFor(fake);
      const plan = annualPlan();
      await gateway.ensurePlan(plan);
      const wanted = mandate(plan);
      await gateway.createSubscription(wanted, unique('key'));
      fake.driver.declineMandate(wanted.subscriptionId);
      const declined = await gateway.getSubscription(wanted.subscriptionId);
      expect(declined.status).toBe('INITIALIZED');
      expect(declined.authorization).toMatchObject({ status: 'FAILED', method: 'upi' });
      expect(declined.authorization?.reference).toBeUndefined();
    });
  },
);

describe('Cashfree charges and cancellation', () => {
  let fake: CashfreeEmulator;
  let active: string;
  beforeAll(async () => {
    fake = await CashfreeEmulator.start();
  });
  afterAll(() => fake?.close());

  async function activeMandate() {
    const { gateway } = gatewayFor(fake);
    const plan = annualPlan();
    await gateway.ensurePlan(plan);
    const wanted = mandate(plan);
    await gateway.createSubscription(wanted, unique('key'));
    fake.driver.authoriseMandate(wanted.subscriptionId);
    active = wanted.subscriptionId;
    return active;
  }
  const charge = (subscriptionId: string, overrides: Record<string, unknown> = {}) => ({
    subscriptionId,
    paymentId: unique('chg'),
    amountPaise: 117_882,
    scheduledFor: daysAhead(3),
    remarks: 'Membership renewal',
    ...overrides,
  });

  it('refunds a mandate’s authorisation debit as a subscription payment, once per refund id', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    const { authorization } = await gateway.getSubscription(subscriptionId);
    const request = {
      orderId: subscriptionId,
      refundId: unique('RF'),
      amountPaise: 117_882,
      note: 'The membership attempt had already ended',
      subscriptionPayment: { subscriptionId, paymentId: authorization!.paymentId! },
    };
    const refund = await gateway.refund(request);
    expect(refund).toMatchObject({ refundId: request.refundId, status: 'PENDING', amountPaise: 117_882 });
    const sent = fake.requestsTo('POST', `/subscriptions/${subscriptionId}/refunds`).at(-1)!;
    expect(sent.body).toEqual({
      subscription_id: subscriptionId,
      payment_id: authorization!.paymentId,
      refund_id: request.refundId,
      refund_amount: 1178.82,
      refund_note: 'The membership attempt had already ended',
    });
    expect(await gateway.refund(request)).toEqual(refund);
    expect(fake.requestsTo('POST', `/subscriptions/${subscriptionId}/refunds`).at(-1)?.replayed).toBe(true);
    await expect(gateway.refund({ ...request, refundId: unique('RF') })).rejects.toMatchObject({ status: 400, retryable: false });
  });

  it('reports a failed debit with Cashfree’s reason', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    const raised = await gateway.raiseCharge(charge(subscriptionId), unique('key'));
    fake.driver.failCharge(subscriptionId, raised.paymentId);
    expect(await gateway.getCharge(subscriptionId, raised.paymentId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'DEBIT FAILED | Insufficient Funds In Customer (Remitter) Account',
    });
  });

  it('replays a charge raised again with its key, and answers the existing charge once Cashfree has forgotten the key', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    const wanted = charge(subscriptionId);
    const first = await gateway.raiseCharge(wanted, 'renewal-2026');
    const again = await gateway.raiseCharge(wanted, 'renewal-2026');
    expect(again.gatewayPaymentId).toBe(first.gatewayPaymentId);
    expect(fake.requestsTo('POST', '/subscriptions/pay').at(-1)?.replayed).toBe(true);

    // A new key stands for a forgotten one: Cashfree refuses the payment id, the charge it has is ours.
    const before = fake.requests.length;
    expect(await gateway.raiseCharge(wanted, 'renewal-2026-after-expiry')).toEqual(first);
    expect(fake.requests.slice(before).map((r) => [r.method, r.status])).toEqual([
      ['POST', 400],
      ['GET', 200],
    ]);
    // Not ours if the amount differs: the refusal stands.
    expect(await failure(gateway.raiseCharge({ ...wanted, amountPaise: 99_900 }, 'renewal-2026-other'))).toMatchObject({
      status: 400,
      code: 'payment_id_already_exists',
      retryable: false,
    });
  });

  it('refuses charges the mandate does not allow: above the plan maximum, too early, too late, on an inactive mandate', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    expect(await failure(gateway.raiseCharge(charge(subscriptionId, { amountPaise: 117_883 }), unique('key')))).toMatchObject({
      status: 400,
      code: 'payment_amount_invalid',
    });
    expect(await failure(gateway.raiseCharge(charge(subscriptionId, { scheduledFor: daysAhead(0) }), unique('key')))).toMatchObject({
      status: 400,
      code: 'payment_schedule_date_invalid',
    });
    expect(await failure(gateway.raiseCharge(charge(subscriptionId, { scheduledFor: daysAhead(15) }), unique('key')))).toMatchObject({
      code: 'payment_schedule_date_invalid',
    });
    const { gateway: other } = gatewayFor(fake);
    const plan = annualPlan();
    await other.ensurePlan(plan);
    const pending = mandate(plan);
    await other.createSubscription(pending, unique('key'));
    expect(await failure(other.raiseCharge(charge(pending.subscriptionId), unique('key')))).toMatchObject({
      status: 400,
      code: 'subscription_status_invalid',
    });
  });

  it('cancels a mandate (calling off its pending charge), and cancelling again answers the same', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    const raised = await gateway.raiseCharge(charge(subscriptionId), unique('key'));
    const cancelled = await gateway.cancelSubscription(subscriptionId);
    expect(cancelled.status).toBe('CANCELLED');
    const sent = fake.requestsTo('POST', `/subscriptions/${subscriptionId}/manage`).at(-1)!;
    expect(sent.body).toEqual({ subscription_id: subscriptionId, action: 'CANCEL' });
    expect(sent.headers['x-idempotency-key']).toBe(idempotencyKeyFor('cancel', subscriptionId));
    expect((await gateway.getCharge(subscriptionId, raised.paymentId)).status).toBe('CANCELLED');
    expect((await gateway.cancelSubscription(subscriptionId)).status).toBe('CANCELLED');
  });

  it('calls off a charge not yet presented to the bank, once: calling it off again answers the same', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    const raised = await gateway.raiseCharge(charge(subscriptionId), unique('key'));
    expect(await gateway.cancelCharge(subscriptionId, raised.paymentId)).toMatchObject({
      paymentId: raised.paymentId,
      status: 'CANCELLED',
      amountPaise: 117_882,
    });
    const path = `/subscriptions/${subscriptionId}/payments/${raised.paymentId}/manage`;
    const sent = fake.requestsTo('POST', path).at(-1)!;
    expect(sent.body).toEqual({ subscription_id: subscriptionId, payment_id: raised.paymentId, action: 'CANCEL' });
    expect(sent.headers['x-idempotency-key']).toBe(idempotencyKeyFor('cancel-charge', `${subscriptionId}:${raised.paymentId}`));
    expect((await gateway.getCharge(subscriptionId, raised.paymentId)).status).toBe('CANCELLED');
    expect((await gateway.cancelCharge(subscriptionId, raised.paymentId)).status).toBe('CANCELLED');
    expect(fake.requestsTo('POST', path).at(-1)?.replayed).toBe(true);
  });

  it('refuses to call off a charge the bank has or that was paid; answers one that failed or went with its mandate', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    const withBank = await gateway.raiseCharge(charge(subscriptionId), unique('key'));
    fake.driver.notifyCharge(subscriptionId, withBank.paymentId);
    expect(await failure(gateway.cancelCharge(subscriptionId, withBank.paymentId))).toMatchObject({ status: 400, retryable: false });
    const paid = await gateway.raiseCharge(charge(subscriptionId), unique('key'));
    fake.driver.settleCharge(subscriptionId, paid.paymentId);
    expect(await failure(gateway.cancelCharge(subscriptionId, paid.paymentId))).toMatchObject({ status: 400, retryable: false });
    const failed = await gateway.raiseCharge(charge(subscriptionId), unique('key'));
    fake.driver.failCharge(subscriptionId, failed.paymentId);
    expect(await gateway.cancelCharge(subscriptionId, failed.paymentId)).toMatchObject({ status: 'FAILED' });

    const other = await activeMandate();
    const scheduled = await gateway.raiseCharge(charge(other), unique('key'));
    await gateway.cancelSubscription(other);
    expect(await gateway.cancelCharge(other, scheduled.paymentId)).toMatchObject({ status: 'CANCELLED' });
    expect(await failure(gateway.cancelCharge(other, 'chg_unknown'))).toMatchObject({ status: 404 });
  });

  it('dates a charge on the first Indian day that starts after the notice period, and may see it debited until that day ends', async () => {
    const { gateway } = gatewayFor(fake);
    // 10:00 in India: Cashfree could debit a charge for that date as early as its midnight, so the next day it is.
    expect(gateway.chargeWindow(new Date('2026-11-23T04:30:00Z'))).toEqual({
      from: new Date('2026-11-23T18:30:00Z'),
      until: new Date('2026-11-24T18:30:00Z'),
    });
    const midnight = new Date('2026-11-23T18:30:00Z');
    expect(gateway.chargeWindow(midnight)).toEqual({ from: midnight, until: new Date('2026-11-24T18:30:00Z') });

    // A 25-hour notice sent now: the charge Cashfree takes is dated on a day that starts 25 hours or more from now.
    const subscriptionId = await activeMandate();
    const { from } = gateway.chargeWindow(new Date(Date.now() + 25 * 3600_000));
    expect(from.getTime()).toBeGreaterThanOrEqual(Date.now() + 25 * 3600_000 - 1000);
    const raised = await gateway.raiseCharge(charge(subscriptionId, { scheduledFor: from }), unique('key'));
    expect(raised.status).toBe('INITIALIZED');
    const indianDate = new Date(from.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    expect((fake.requestsTo('POST', '/subscriptions/pay').at(-1)!.body as any).payment_schedule_date).toBe(`${indianDate}T06:30:00Z`);
  });

  it('answers the ended state when the member already revoked the mandate in their UPI app', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    fake.driver.cancelAtBank(subscriptionId);
    expect((await gateway.cancelSubscription(subscriptionId)).status).toBe('CUSTOMER_CANCELLED');
    expect(fake.requestsTo('POST', `/subscriptions/${subscriptionId}/manage`).at(-1)?.status).toBe(400);
  });

  it('gives 404 for a subscription or charge Cashfree does not know', async () => {
    const { gateway } = gatewayFor(fake);
    expect(await failure(gateway.getSubscription('sub_unknown'))).toMatchObject({ status: 404, code: 'subscription_not_found' });
    expect(await failure(gateway.getCharge(await activeMandate(), 'chg_unknown'))).toMatchObject({
      status: 404,
      code: 'payment_not_found',
    });
    expect(await failure(gateway.cancelSubscription('sub_unknown'))).toMatchObject({ status: 404 });
  });

  it('refuses a mandate without the phone UPI AutoPay needs', async () => {
    const { gateway } = gatewayFor(fake);
    const plan = annualPlan();
    await gateway.ensurePlan(plan);
    const error = await failure(gateway.createSubscription(mandate(plan, { customer: { ...member, phone: '' } }), unique('key')));
    expect(error).toMatchObject({ status: 400, code: 'customer_details.customer_phone_missing' });
    expect(await failure(gateway.createSubscription(mandate(annualPlan()), unique('key')))).toMatchObject({
      status: 404,
      code: 'plan_not_found',
    });
  });

  it('parses the timestamp shapes Cashfree writes', async () => {
    const { gateway } = gatewayFor(fake);
    const subscriptionId = await activeMandate();
    const body = (time: string) => ({
      subscription_id: subscriptionId,
      cf_subscription_id: '7',
      subscription_status: 'ACTIVE',
      subscription_session_id: 's',
      authorization_details: { authorization_status: 'ACTIVE', authorization_time: time, payment_method: 'upi' },
    });
    for (const [time, iso] of [
      ['2024-04-18T22:14:58+0530', '2024-04-18T16:44:58.000Z'],
      ['2024-04-18T16:45:00', '2024-04-18T11:15:00.000Z'],
      ['2021-07-23 12:15:06+05:30', '2021-07-23T06:45:06.000Z'],
      ['2022-06-14T23:47:52+05:30', '2022-06-14T18:17:52.000Z'],
    ]) {
      fake.failNext({ status: 200, body: body(time!) });
      expect((await gateway.getSubscription(subscriptionId)).authorization?.authorizedAt?.toISOString()).toBe(iso);
    }
    fake.failNext({ status: 200, body: body('') });
    expect((await gateway.getSubscription(subscriptionId)).authorization?.authorizedAt).toBeUndefined();
  });
});
