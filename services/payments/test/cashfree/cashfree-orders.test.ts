import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeyFor } from '../../src/gateway/cashfree/index.js';
import { CashfreeEmulator } from '../../src/gateway/cashfree-emulator/emulator.js';
import { GatewayError } from '../../src/gateway/payment-gateway.js';
import { checkoutOrder, failure, gatewayFor, member, unique } from './support.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Cashfree orders, payments and refunds against the local stand-in', () => {
  let fake: CashfreeEmulator;
  beforeAll(async () => {
    fake = await CashfreeEmulator.start();
  });
  afterAll(() => fake?.close());

  it('creates an order in rupees with every documented header and a derived idempotency key', async () => {
    const { gateway } = gatewayFor(fake);
    const order = checkoutOrder({ tags: { purpose: 'membership' } });
    const created = await gateway.createOrder(order, 'checkout-attempt-1');

    expect(created).toMatchObject({ orderId: order.orderId, status: 'ACTIVE', amountPaise: 117_882 });
    expect(created.gatewayOrderId).toMatch(/^\d+$/);
    expect(created.paymentSessionId).toMatch(/^session_/);
    expect(created.paymentLink).toBeUndefined();
    // Cashfree keeps IST and rounds nothing off; the instant must survive the +05:30 round trip.
    expect(created.expiresAt?.getTime()).toBe(Math.floor(order.expiresAt.getTime() / 1000) * 1000);

    const [sent] = fake.requestsTo('POST', '/orders');
    expect(sent?.headers).toMatchObject({
      'x-client-id': fake.clientId,
      'x-client-secret': fake.clientSecret,
      'x-api-version': '2025-01-01',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(sent?.headers['x-idempotency-key']).toBe(idempotencyKeyFor('order', 'checkout-attempt-1'));
    expect(sent?.headers['x-idempotency-key']).toMatch(UUID);
    expect(sent?.headers['x-request-id']).toMatch(UUID);
    expect(sent?.body).toEqual({
      order_id: order.orderId,
      order_amount: 1178.82,
      order_currency: 'INR',
      customer_details: { customer_id: 'M1024', customer_phone: '9876543210', customer_email: member.email, customer_name: member.name },
      order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl },
      order_expiry_time: order.expiresAt.toISOString(),
      order_note: 'Annual membership',
      order_tags: { purpose: 'membership' },
    });
    // UTC with Z: no '+' that a serializer could escape into Cashfree's order_expiry_time_invalid.
    expect(sent?.rawBody).toContain(`"order_expiry_time":"${order.expiresAt.toISOString()}"`);
    expect(order.expiresAt.toISOString()).toMatch(/Z$/);
  });

  it('reads an order back, then its payments once the member has paid, in paise', async () => {
    const { gateway } = gatewayFor(fake);
    const order = checkoutOrder({ amountPaise: 99_900 });
    await gateway.createOrder(order, unique('key'));
    expect(await gateway.listPayments(order.orderId)).toEqual([]);

    fake.driver.failPayment(order.orderId, { method: 'card' });
    fake.driver.failPayment(order.orderId, { method: 'upi', userDropped: true });
    const paid = fake.driver.completePayment(order.orderId, { method: 'netbanking' });

    expect(await gateway.getOrder(order.orderId)).toMatchObject({ orderId: order.orderId, status: 'PAID', amountPaise: 99_900 });
    const payments = await gateway.listPayments(order.orderId);
    expect(payments.map((p) => [p.status, p.method, p.amountPaise])).toEqual([
      ['FAILED', 'card', 99_900],
      ['USER_DROPPED', 'upi', 99_900],
      ['SUCCESS', 'netbanking', 99_900],
    ]);
    expect(payments[0]?.failureReason).toBe('issuer bank or payment service provider declined the transaction');
    expect(payments[2]).toMatchObject({
      gatewayPaymentId: paid.cf_payment_id,
      message: 'Transaction successful',
      bankReference: paid.bank_reference,
    });
    expect(payments[2]?.completedAt).toBeInstanceOf(Date);
    expect(Math.abs(payments[2]!.completedAt!.getTime() - Date.now())).toBeLessThan(5_000);
    // GETs carry no idempotency key.
    expect(fake.requestsTo('GET', `/orders/${order.orderId}/payments`).every((r) => r.headers['x-idempotency-key'] === undefined)).toBe(
      true,
    );
  });

  it('shows an order that ran out as EXPIRED', async () => {
    const { gateway } = gatewayFor(fake);
    const order = checkoutOrder();
    await gateway.createOrder(order, unique('key'));
    fake.driver.expireOrder(order.orderId);
    expect((await gateway.getOrder(order.orderId)).status).toBe('EXPIRED');
  });

  it('refunds part of a paid order with a key anchored on the refund id, and refuses more than was paid', async () => {
    const { gateway } = gatewayFor(fake);
    const order = checkoutOrder();
    await gateway.createOrder(order, unique('key'));
    const paid = fake.driver.completePayment(order.orderId);

    const refund = await gateway.refund({ orderId: order.orderId, refundId: 'rf_goodwill_1', amountPaise: 17_882, note: 'GST correction' });
    expect(refund).toMatchObject({ refundId: 'rf_goodwill_1', status: 'PENDING', amountPaise: 17_882 });
    expect(refund.gatewayRefundId).toMatch(/^\d+$/);
    const [sent] = fake.requestsTo('POST', `/orders/${order.orderId}/refunds`);
    expect(sent?.body).toEqual({ refund_amount: 178.82, refund_id: 'rf_goodwill_1', refund_note: 'GST correction' });
    expect(sent?.headers['x-idempotency-key']).toBe(idempotencyKeyFor('refund', `${order.orderId}:rf_goodwill_1`));

    // Asking again for the same refund is the same refund (replayed), not a second one.
    const again = await gateway.refund({ orderId: order.orderId, refundId: 'rf_goodwill_1', amountPaise: 17_882, note: 'GST correction' });
    expect(again.gatewayRefundId).toBe(refund.gatewayRefundId);
    expect(fake.requestsTo('POST', `/orders/${order.orderId}/refunds`).at(-1)?.replayed).toBe(true);

    const tooMuch = await failure(
      gateway.refund({ orderId: order.orderId, refundId: 'rf_rest', amountPaise: 100_001, note: 'Everything' }),
    );
    expect(tooMuch).toMatchObject({ status: 400, code: 'refund_amount_invalid', retryable: false });
    expect(paid.payment_amount).toBe(1178.82);
  });

  it('reads a refund as it stands (GET /orders/{order_id}/refunds/{refund_id}), and 404 for one never made', async () => {
    const { gateway } = gatewayFor(fake);
    const order = checkoutOrder();
    await gateway.createOrder(order, unique('key'));
    fake.driver.completePayment(order.orderId);
    await gateway.refund({ orderId: order.orderId, refundId: 'rf_read_1', amountPaise: 10_000, note: 'Out of stock' });
    expect(await gateway.getRefund({ orderId: order.orderId, refundId: 'rf_read_1' })).toMatchObject({
      status: 'PENDING',
      amountPaise: 10_000,
    });
    fake.driver.settleRefund(order.orderId, 'rf_read_1');
    expect(await gateway.getRefund({ orderId: order.orderId, refundId: 'rf_read_1' })).toMatchObject({
      refundId: 'rf_read_1',
      status: 'SUCCESS',
      amountPaise: 10_000,
    });
    expect(fake.requestsTo('GET', `/orders/${order.orderId}/refunds/rf_read_1`)).toHaveLength(2);
    const unknown = await failure(gateway.getRefund({ orderId: order.orderId, refundId: 'rf_never' }));
    expect(unknown).toMatchObject({ status: 404, retryable: false });
  });

  describe('amounts', () => {
    it.each([
      [117_882, 1178.82],
      [99_900, 999],
      [100, 1],
      [1_000_001, 10_000.01],
    ])('%i paise go out as %d rupees and come back as the same paise', async (paise, rupees) => {
      const { gateway } = gatewayFor(fake);
      const order = checkoutOrder({ amountPaise: paise });
      const created = await gateway.createOrder(order, unique('key'));
      expect(fake.requestsTo('POST', '/orders').at(-1)?.body).toMatchObject({ order_amount: rupees });
      expect(created.amountPaise).toBe(paise);
      expect((await gateway.getOrder(order.orderId)).amountPaise).toBe(paise);
    });

    it('has one paisa (0.01) refused by the documented minimum of 1', async () => {
      const { gateway } = gatewayFor(fake);
      const error = await failure(gateway.createOrder(checkoutOrder({ amountPaise: 1 }), unique('key')));
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ status: 400, code: 'order_amount_invalid', retryable: false });
      expect(error.message).toContain('order_amount');
      expect(fake.requestsTo('POST', '/orders').at(-1)?.body).toMatchObject({ order_amount: 0.01 });
    });
  });

  describe('errors in Cashfree bodies become GatewayErrors', () => {
    it('400 for a bad field, with Cashfree code and message', async () => {
      const { gateway } = gatewayFor(fake);
      const error = await failure(gateway.createOrder(checkoutOrder({ customer: { ...member, phone: '+919876543210' } }), unique('key')));
      expect(error).toMatchObject({ status: 400, code: 'customer_details.customer_phone_invalid', retryable: false });
      expect(error.message).toContain('customer_details.customer_phone : should have a maximum length of 10');
    });

    it('400 order_expiry_time_invalid for an expiry under 15 minutes or over 30 days away', async () => {
      const { gateway } = gatewayFor(fake);
      for (const minutes of [9, 15, 30 * 24 * 60 + 1]) {
        const error = await failure(
          gateway.createOrder(checkoutOrder({ expiresAt: new Date(Date.now() + minutes * 60_000) }), unique('key')),
        );
        expect(error).toMatchObject({ status: 400, code: 'order_expiry_time_invalid' });
        expect(error.message).toContain('Expiry time should be more than 15 min and less than 30 days');
      }
      await expect(
        gateway.createOrder(checkoutOrder({ expiresAt: new Date(Date.now() + 16 * 60_000) }), unique('key')),
      ).resolves.toBeTruthy();
    });

    it('400 for an order id outside the documented pattern', async () => {
      const { gateway } = gatewayFor(fake);
      const error = await failure(gateway.createOrder(checkoutOrder({ orderId: 'ord#1' }), unique('key')));
      expect(error).toMatchObject({ status: 400, code: 'order_id_invalid' });
    });

    it('401 for wrong credentials, without the secret in the error', async () => {
      const { gateway } = gatewayFor(fake, { clientSecret: 'cfsk_wrong_secret_value' });
      const error = await failure(gateway.getOrder('anything'));
      expect(error).toMatchObject({ status: 401, code: 'request_failed', retryable: false });
      expect(error.message).toContain('authentication_error');
      expect(error.message).not.toContain('cfsk_wrong_secret_value');
      expect(JSON.stringify(error)).not.toContain('cfsk_wrong_secret_value');
    });

    it('404 for an order Cashfree does not know', async () => {
      const { gateway } = gatewayFor(fake);
      expect(await failure(gateway.getOrder('ord_never_created'))).toMatchObject({
        status: 404,
        code: 'order_not_found',
        retryable: false,
      });
      expect(await failure(gateway.listPayments('ord_never_created'))).toMatchObject({ status: 404 });
    });

    it('409 order_already_exists for an order id used before under another key', async () => {
      const { gateway } = gatewayFor(fake);
      const order = checkoutOrder();
      await gateway.createOrder(order, unique('key'));
      const error = await failure(gateway.createOrder(order, unique('key')));
      expect(error).toMatchObject({ status: 409, code: 'order_already_exists', retryable: false });
      expect(error.message).toContain('order with same id is already present');
    });

    it('422 idempotency_error when one key comes back with another body; the same body is replayed', async () => {
      const { gateway } = gatewayFor(fake);
      const key = unique('key');
      const order = checkoutOrder();
      const first = await gateway.createOrder(order, key);
      const replay = await gateway.createOrder(order, key);
      expect(replay.gatewayOrderId).toBe(first.gatewayOrderId);
      expect(fake.requestsTo('POST', '/orders').at(-1)?.replayed).toBe(true);

      const error = await failure(gateway.createOrder({ ...order, amountPaise: 99_900 }, key));
      expect(error).toMatchObject({ status: 422, code: 'request_invalid', retryable: false });
      expect(error.message).toContain('idempotency_error');
    });

    it('a secret echoed in an error message is redacted', async () => {
      const { gateway } = gatewayFor(fake);
      fake.failNext({
        status: 400,
        body: { message: `bad header ${fake.clientSecret}`, code: 'request_failed', type: 'invalid_request_error' },
      });
      const error = await failure(gateway.getOrder('x'));
      expect(error.message).toContain('[redacted]');
      expect(error.message).not.toContain(fake.clientSecret);
    });
  });

  it('sets paymentLink only when the response carries one (payment_link, or payment_links.web of older versions)', async () => {
    const { gateway } = gatewayFor(fake);
    const entity = { cf_order_id: '1', order_id: 'o1', order_amount: 999, order_status: 'ACTIVE', payment_session_id: 'session_x' };
    fake.failNext({ status: 200, body: { ...entity, payment_link: 'https://payments.cashfree.com/order/#abc' } });
    expect((await gateway.getOrder('o1')).paymentLink).toBe('https://payments.cashfree.com/order/#abc');
    fake.failNext({ status: 200, body: { ...entity, payment_links: { web: 'https://payments.cashfree.com/links/o1' } } });
    expect((await gateway.getOrder('o1')).paymentLink).toBe('https://payments.cashfree.com/links/o1');
    fake.failNext({ status: 200, body: { ...entity, order_status: 'SOMETHING_NEW' } });
    expect(await failure(gateway.getOrder('o1'))).toMatchObject({ code: 'unexpected_status', retryable: false });
  });
});
