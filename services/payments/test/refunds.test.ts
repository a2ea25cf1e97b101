import { randomUUID } from 'node:crypto';
import { paymentsEvents, paymentTimeoutsOf } from '@elts/contracts';
import { EventStore, sql, systemClock, unlessRefused } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness, silentLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsContext } from '../src/commands/context.js';
import { advanceRefund, refundPayment } from '../src/commands/refunds.js';
import { CashfreeGateway } from '../src/gateway/cashfree/index.js';
import { cashfreeIn, current, decideMandate, internalCall, registerMember, startPayments, subscribe } from './helpers.js';
import { usePaymentsOnCashfreeEmulator } from './on-cashfree-emulator.js';

/**
 * Refunds as payments of their own (docs/decisions/0024): asked by the orders service under a key, capped at what
 * was paid on the payment's stream, settled by the Cashfree emulator in process with the webhook Cashfree sends, listed as
 * payments of type refund; credits instead of a refund; and the GST credit note of a refunded invoiced payment.
 */
describe.each(DATABASE_KINDS)('refunds on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  const internal = (path: string, body?: unknown) => internalCall(payments, path, body);
  const count = async (type: string, orderId: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from events where type = ${type} and data->>'orderId' = ${orderId}`.execute(
        payments.db,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    if (available) payments = await startPayments(kind);
  });
  afterAll(async () => payments?.close());

  /** A product order paid on the emulator's checkout page. */
  async function paidOrder(amountPaise = 250_000) {
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const memberId = randomUUID();
    const { body } = await internal('/internal/payments/checkout', {
      orderId,
      memberId,
      amountPaise,
      customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      note: 'Pressure cooker x 1',
    });
    await payments.request(new URL(body.data.paymentLink).pathname, { method: 'POST', body: { outcome: 'success', method: 'upi' } });
    await eventually(async () => (await internal(`/internal/payments/orders/${orderId}`)).body.data.status === 'success');
    return { orderId, memberId, paymentId: body.data.paymentId as string };
  }
  const refund = (orderId: string, key: string, amountPaise: number, reason = 'Out of stock') =>
    internal(`/internal/payments/orders/${orderId}/refunds`, { key, amountPaise, reason });

  it.runIf(available)("records a refund as a payment of its own, settled by the emulator's bank and its webhook", async () => {
    const { orderId, paymentId } = await paidOrder();
    const answer = await refund(orderId, 'out-of-stock', 100_000);
    expect(answer.status).toBe(200);
    // Cashfree answers a refund under way (PENDING); the emulator's bank makes it a moment later, so by the time
    // payments answers, its webhook may already have settled it. That it was taken first is RefundAccepted below.
    expect(answer.body.data).toMatchObject({ paymentId, orderId, amountPaise: 100_000 });
    expect(['pending', 'success']).toContain(answer.body.data.status);
    const refundId = answer.body.data.refundId as string;
    expect(refundId).toMatch(/^RF-[0-9A-F]{24}$/);
    const rowOf = () => payments.db.selectFrom('payments').selectAll().where('payment_id', '=', refundId).executeTakeFirstOrThrow();
    await eventually(async () => (await rowOf()).status === 'success');
    const row = await rowOf();
    expect(row).toMatchObject({ payment_type: 'refund', purpose: 'refund', refund_of: paymentId, order_id: orderId, status: 'success' });
    expect(Number(row.amount_paise)).toBe(100_000);
    // The refund's webhook (REFUND_STATUS_WEBHOOK) settled it: one success recorded, after it was taken once (the
    // member hears that it started, then that it was made).
    expect(await count('PaymentRefunded', orderId)).toBe(1);
    expect(await count('RefundAccepted', orderId)).toBe(1);
    const webhooks = await sql<{ n: number }>`select count(*)::int as n from webhook_receipts where type = 'REFUND_STATUS_WEBHOOK'`.execute(
      payments.db,
    );
    expect(webhooks.rows[0]!.n).toBeGreaterThan(0);
    // The order's own payment stays its checkout payment.
    expect((await internal(`/internal/payments/orders/${orderId}`)).body.data).toMatchObject({ paymentId, status: 'success' });
  });

  it.runIf(available)('makes one refund at Cashfree for the same key asked twice at once, settled once', async () => {
    const { orderId } = await paidOrder();
    const answers = await Promise.all([refund(orderId, 'asked-twice', 50_000), refund(orderId, 'asked-twice', 50_000)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.body.data.refundId).toBe(answers[0]!.body.data.refundId);
    await eventually(async () => (await count('PaymentRefunded', orderId)) === 1);
    expect(
      cashfreeIn(payments)
        .state.orders.get(orderId)
        ?.refunds.map((one) => one.refund_status),
    ).toEqual(['SUCCESS']);
  });

  it.runIf(available)('answers the same refund for the same key, and refuses the key with another amount', async () => {
    const { orderId } = await paidOrder();
    const first = await refund(orderId, 'exchange-X1', 50_000);
    const again = await refund(orderId, 'exchange-X1', 50_000, 'Asked again');
    expect(again.status).toBe(200);
    // The same refund, as it stands now: the emulator's bank may have made it in between (pending, then success).
    const { status: firstStatus, ...firstRefund } = first.body.data;
    const { status: againStatus, ...againRefund } = again.body.data;
    expect(againRefund).toEqual(firstRefund);
    expect([firstStatus, 'success']).toContain(againStatus);
    const other = await refund(orderId, 'exchange-X1', 60_000);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This refund was already asked for with ₹500.00.');
    expect(await count('RefundRequested', orderId)).toBe(1);
  });

  it.runIf(available)('never refunds more than was paid, however the refunds add up, even asked at once', async () => {
    const { orderId } = await paidOrder(250_000);
    const tooMuch = await refund(orderId, 'whole-and-more', 250_001);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('A refund cannot be more than what was paid: ₹2,500.00 of ₹2,500.00 is left to refund.');
    // Three refunds of Rs 1,000 at once: two fit, the third is refused with what is left.
    const answers = await Promise.all(['a', 'b', 'c'].map((key) => refund(orderId, `part-${key}`, 100_000)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
      'A refund cannot be more than what was paid: ₹500.00 of ₹2,500.00 is left to refund.',
    );
    const refunded = await sql<{ paise: string }>`select sum(amount_paise)::text as paise from payments
      where payment_type = 'refund' and order_id = ${orderId} and status <> 'failed'`.execute(payments.db);
    expect(Number(refunded.rows[0]!.paise)).toBe(200_000);
  });

  it.runIf(available)('refuses to refund an order that was not paid', async () => {
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    await internal('/internal/payments/checkout', {
      orderId,
      memberId: randomUUID(),
      amountPaise: 10_000,
      customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      note: 'Kettle x 1',
    });
    const answer = await refund(orderId, 'out-of-stock', 10_000);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Only a successful payment can be refunded.');
    expect((await refund('ORD-NOPE', 'out-of-stock', 10_000)).status).toBe(404);
    expect((await refund(orderId, 'x', 10_000)).status).toBe(400);
  });

  it.runIf(available)('gives credits instead of a refund once per order, spendable like the fee credit', async () => {
    const member = await registerMember(payments);
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const body = { memberId: member.memberId, orderId, amountPaise: 120_000 };
    expect((await internal('/internal/credit/refund', body)).body.data).toEqual({ creditId: `CR-${orderId}`, amountPaise: 120_000 });
    expect((await internal('/internal/credit/refund', body)).status).toBe(200);
    expect((await current(payments, member)).credit_balance_paise).toBe(120_000);
    // An order spends at most 10% of its price from it.
    const spent = await internal('/internal/credit/reserve', {
      memberId: member.memberId,
      orderId: `${orderId}-2`,
      orderPricePaise: 500_000,
    });
    expect(spent.body.data.creditPaise).toBe(50_000);
  });

  it.runIf(available)('issues a GST credit note against the invoice of a refunded membership payment', async () => {
    const member = await registerMember(payments, { pincode: '560001' });
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    const invoiceOf = () => payments.db.selectFrom('invoices').selectAll().where('member_id', '=', member.memberId).executeTakeFirst();
    await eventually(async () => (await invoiceOf()) !== undefined);
    const invoice = (await invoiceOf())!;
    const context = {
      db: payments.db,
      events: new EventStore(payments.db, paymentsEvents),
      // The production adapter on the emulator payments runs, as payments' own context has it.
      gateway: new CashfreeGateway({
        baseUrl: 'http://cashfree-emulator.invalid/pg',
        clientId: cashfreeIn(payments).clientId,
        clientSecret: cashfreeIn(payments).clientSecret,
        fetch: cashfreeIn(payments).fetch,
      }),
      timeouts: paymentTimeoutsOf({ PAYMENT_AT_RISK_SECONDS: 720, PAYMENT_TIMEOUT_SECONDS: 900 }),
      logger: silentLogger(),
      clock: systemClock,
    } as unknown as PaymentsContext;
    const payment = await payments.db
      .selectFrom('payments')
      .select(['payment_id', 'gateway_payment_id', 'amount_paise'])
      .where('payment_id', '=', invoice.payment_id)
      .executeTakeFirstOrThrow();
    const given = unlessRefused(
      await refundPayment(context, payment.payment_id, {
        refundId: `RF-CN-${payment.payment_id}`.slice(0, 40),
        amountPaise: 58_941,
        reason: 'Goodwill: half the fee back',
        subscriptionPayment: { subscriptionId: started.subscription_id, paymentId: payment.gateway_payment_id ?? payment.payment_id },
      }),
    );
    // Answered INITIATED by Cashfree (under way), then processed by the bank, whose webhook payments reads.
    expect(given.status).toBe('pending');
    await eventually(async () => (await advanceRefund(context, payment.payment_id, given.refundId))?.status === 'success');
    const notes = await payments.db.selectFrom('credit_notes').selectAll().where('member_id', '=', member.memberId).execute();
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    expect(note.credit_note_number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(note.invoice_number).toBe(invoice.invoice_number);
    const document = (typeof note.document === 'string' ? JSON.parse(note.document) : note.document) as Record<string, any>;
    // Karnataka is not the supplier's state: IGST, at the invoice's rate, on the amount refunded.
    expect(document).toMatchObject({ totalPaise: 58_941, taxablePaise: 49_950, igstPaise: 8_991, cgstPaise: 0, sgstPaise: 0 });
    expect(document.against).toMatchObject({ invoiceNumber: invoice.invoice_number, reason: 'Goodwill: half the fee back' });
    const list = await payments.json('/api/subscription/credit-notes', { token: member.token });
    expect(list.body.data).toEqual([expect.objectContaining({ credit_note_number: note.credit_note_number, amount: 589.41 })]);
    const pdf = await payments.request(list.body.data[0].download_url, { token: member.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('credit-note-CN-');
    // Another member cannot read it.
    expect((await payments.request(list.body.data[0].download_url, { token: payments.memberSession().token })).status).toBe(404);
  });
});

/**
 * The same refund on the Cashfree emulator on a port of its own, driven by the test: Cashfree answers PENDING, so
 * the refund waits; its signed REFUND_STATUS_WEBHOOK (a hint) makes payments read the refund and record its success,
 * once however often it is delivered.
 */
describe.each(DATABASE_KINDS)('refunds through Cashfree on %s', (kind) => {
  const { available, on, internal } = usePaymentsOnCashfreeEmulator(kind);

  // Cashfree's document names the refund webhook REFUND_SUCCESS_WEBHOOK, its webhook pages REFUND_STATUS_WEBHOOK.
  it.runIf(available).each(['REFUND_STATUS_WEBHOOK', 'REFUND_SUCCESS_WEBHOOK'] as const)(
    'waits while Cashfree says PENDING, and settles on its signed %s once',
    async (type) => {
      const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
      await internal('/internal/payments/checkout', {
        orderId,
        memberId: randomUUID(),
        amountPaise: 250_000,
        customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
        note: 'Pressure cooker x 1',
      });
      on.cashfree.driver.completePayment(orderId);
      await internal(`/internal/payments/orders/${orderId}/refresh`, {});
      expect((await internal(`/internal/payments/orders/${orderId}`)).body.data.status).toBe('success');

      const asked = await internal(`/internal/payments/orders/${orderId}/refunds`, {
        key: 'out-of-stock',
        amountPaise: 250_000,
        reason: 'Out of stock',
      });
      expect(asked.body.data).toMatchObject({ status: 'pending', amountPaise: 250_000 });
      const { refundId } = asked.body.data as { refundId: string };
      expect(on.cashfree.requestsTo('POST', `/orders/${orderId}/refunds`).at(-1)?.body).toMatchObject({
        refund_id: refundId,
        refund_amount: 2500,
      });

      // A webhook while the refund is still pending settles nothing: the refund stays pending (the member's page says
      // the refund is on its way, never that it is refunded).
      const early = on.cashfree.webhooks.refund(orderId, refundId, { type });
      expect(
        (await on.payments.request('/webhooks/cashfree', { method: 'POST', rawBody: early.body, headers: early.headers })).status,
      ).toBe(200);
      const refundStatus = async () =>
        (await on.payments.db.selectFrom('payments').select('status').where('payment_id', '=', refundId).executeTakeFirstOrThrow()).status;
      expect(await refundStatus()).toBe('pending');

      on.cashfree.driver.settleRefund(orderId, refundId);
      const delivery = on.cashfree.webhooks.refund(orderId, refundId, { type });
      const post = () => on.payments.request('/webhooks/cashfree', { method: 'POST', rawBody: delivery.body, headers: delivery.headers });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      expect(await refundStatus()).toBe('success');
      const refunded = await sql<{
        n: number;
      }>`select count(*)::int as n from events where type = 'PaymentRefunded' and data->>'refundId' = ${refundId}`.execute(on.payments.db);
      expect(refunded.rows[0]!.n).toBe(1);
      expect(on.cashfree.requestsTo('GET', `/orders/${orderId}/refunds/${refundId}`)).toHaveLength(2);
      // Taken by Cashfree (PENDING) before it settled: the refund started, recorded once (the member is mailed then).
      const accepted = await sql<{
        n: number;
      }>`select count(*)::int as n from events where type = 'RefundAccepted' and data->>'refundId' = ${refundId}`.execute(on.payments.db);
      expect(accepted.rows[0]!.n).toBe(1);
    },
  );
});
