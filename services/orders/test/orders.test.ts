import { randomUUID } from 'node:crypto';
import { COPY, identityEvents, paymentsEvents } from '@elts/contracts';
import { memberRegisteredEvent } from '@elts/contracts/testing';
import { sql } from '@elts/platform';
import {
  DATABASE_KINDS,
  databaseAvailable,
  eventually,
  type ServiceHarness,
  startServiceHarness,
  TEST_SERVICE_TOKEN,
} from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersService } from '../src/service.js';
import { catalogStandIn, paymentsStandIn } from './partners.js';
import { address, order, placeAndOpenCheckout } from './testbed.js';

describe.each(DATABASE_KINDS)('orders on %s', (kind) => {
  const available = databaseAvailable(kind);
  let orders: ServiceHarness;
  const catalog = catalogStandIn({
    'PRD-HEAD': { stock: 100 },
    'PRD-LAST': { stock: 1 },
    'PRD-SOON': { stock: 5, saleStartAt: new Date(Date.now() + 86_400_000).toISOString() },
    'PRD-OVER': { stock: 5, saleEndAt: new Date(Date.now() - 1000).toISOString() },
    'PRD-OFF': { stock: 5, isEnabled: false },
    // Either side of the lowest price that can be sold: 10% of credit off Rs 1.10 leaves 99 paise, off Rs 1.11 Rs 1.00.
    'PRD-PENNY': { stock: 5, pricePaise: 110 },
    'PRD-RUPEE': { stock: 5, pricePaise: 111 },
    'PRD-LOST': { stock: 1, holdAnswerLost: true },
    'PRD-GONE': { stock: 1 },
    'PRD-RUSH': { stock: 1 },
    'PRD-BURST': { stock: 1 },
    'PRD-ONE': { stock: 1 },
    'PRD-TIME': { stock: 1 },
  });
  const payments = paymentsStandIn({ creditPaise: 99_900 });

  beforeAll(async () => {
    if (!available) return;
    orders = await startServiceHarness(ordersService, {
      kind,
      // A minute, so a slow machine does not outlast the memory between two calls of a test (placement-gate.ts).
      env: { WORKFLOW_POLL_MS: '25', SOLD_OUT_MEMORY_MS: '60000' },
      sources: [identityEvents, paymentsEvents],
      stubs: { catalog: catalog.app, payments: payments.app },
    });
  });
  afterAll(async () => orders?.close());

  async function subscriber(options: { profession?: string; gst?: string; status?: string } = {}) {
    const memberId = randomUUID();
    await orders.source('identity').append(`member-${memberId}`, 0, [
      memberRegisteredEvent(memberId, { email: 'a@b.in' }),
      ...(options.profession
        ? [
            {
              type: 'PersonaChosen',
              data: { memberId, profession: options.profession, subscriptionType: 'Save', gst: options.gst ?? '' },
            },
          ]
        : []),
    ]);
    await orders.source('payments').append(`subscription-${memberId}`, 0, [
      {
        type: 'SubscriptionStatusChanged',
        data: { subscriptionId: `MEM-${memberId}`, memberId, status: options.status ?? 'active', validUntil: null },
      },
    ]);
    await eventually(async () => {
      const row = await sql<{
        subscription_status: string;
        profession: string | null;
      }>`select subscription_status, profession from member_buyers where member_id = ${memberId}`.execute(orders.db);
      return (
        row.rows[0]?.subscription_status === (options.status ?? 'active') &&
        (options.profession === undefined || row.rows[0]?.profession === options.profession)
      );
    });
    return { memberId, token: orders.memberSession(memberId).token };
  }

  const place = (token: string, body: unknown, headers: Record<string, string> = {}) => placeAndOpenCheckout(orders, token, body, headers);

  /** Payments announces the outcome, as its event would. */
  async function announce(orderId: string, status: 'success' | 'failed', memberId: string, autoFailed = false) {
    const payment = payments.settle(orderId, status, autoFailed);
    await orders.source('payments').append(`payment-${payment.paymentId}`, 'any', [
      status === 'success'
        ? {
            type: 'PaymentSucceeded',
            data: {
              paymentId: payment.paymentId,
              orderId,
              memberId,
              amountPaise: payment.amountPaise,
              paymentType: 'product_order',
              method: 'upi',
              gatewayPaymentId: `txn-${payment.paymentId}`,
              bankReference: null,
              late: false,
            },
          }
        : {
            type: 'PaymentFailed',
            data: {
              paymentId: payment.paymentId,
              orderId,
              memberId,
              paymentType: 'product_order',
              reason: 'Payment declined by the bank',
              method: 'upi',
              autoFailed,
              timeoutMinutes: autoFailed ? 15 : null,
            },
          },
    ]);
  }

  const statusOf = async (token: string, orderId: string) => (await orders.json(`/product/order/${orderId}`, { token })).body.data.status;

  it.runIf(available)('places an order at the catalog price less membership credit, and starts its payment', async () => {
    const member = await subscriber();
    const { status, body } = await place(member.token, order('PRD-HEAD', { amount: 1 }));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      order_id: expect.stringMatching(/^ORD-[0-9A-F]{12}$/),
      payment_session_id: expect.any(String),
      gateway: 'simulator',
    });
    expect(body.data.payment_link).toContain('/pay/simulator/sessions/');
    // Rs 19,999 less the member's Rs 999 of credit (under 10% of the price): the client's "amount" of 1 was ignored.
    expect(body.data).toMatchObject({ amount: 19_000, credit_applied: 999 });
    expect(payments.payments.get(body.data.order_id)?.amountPaise).toBe(1_900_000);
    expect(catalog.holds.get(body.data.order_id)).toMatchObject({ state: 'held', quantity: 1 });
    expect(await statusOf(member.token, body.data.order_id)).toBe('pending');
  });

  it.runIf(available)('completes the order and commits its stock when the payment succeeds', async () => {
    const member = await subscriber();
    const { body } = await place(member.token, order('PRD-HEAD'));
    await announce(body.data.order_id, 'success', member.memberId);
    await eventually(async () => (await statusOf(member.token, body.data.order_id)) === 'completed');
    expect(catalog.holds.get(body.data.order_id)?.state).toBe('committed');
    const detail = (await orders.json(`/product/order/${body.data.order_id}`, { token: member.token })).body.data;
    expect(detail).toMatchObject({
      status: 'completed',
      transaction_id: expect.stringContaining('txn-'),
      payment_method: 'upi',
      product: { name: 'Noise-cancelling headphones', brand: 'Sony' },
      customer_info: { name: 'Asha Rao' },
      local_order: { shipping_address: { address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' } },
    });
  });

  it.runIf(available)('gives back a hold whose answer was lost, so its units are not kept from other buyers', async () => {
    const member = await subscriber();
    const { status } = await place(member.token, order('PRD-LOST'));
    expect(status).toBe(503);
    const holds = [...catalog.holds.values()].filter((hold) => hold.productId === 'PRD-LOST');
    expect(holds.map((hold) => hold.state)).toEqual(['released']);
    expect(catalog.available('PRD-LOST')).toBe(1);
  });

  it.runIf(available)('gives back the credit its checkout spent and the unit when the member cancels before paying', async () => {
    const member = await subscriber();
    const before = catalog.available('PRD-HEAD');
    const balance = payments.creditBalance(member.memberId);
    const { body } = await place(member.token, order('PRD-HEAD'));
    const orderId = body.data.order_id;
    // The checkout spent credit: the member's balance is lower, and the unit is held for them.
    const spent = payments.credit.get(orderId)!;
    expect(spent).toMatchObject({ memberId: member.memberId, released: false });
    expect(spent.amount).toBeGreaterThan(0);
    expect(payments.creditBalance(member.memberId)).toBe(balance - spent.amount);
    expect(catalog.available('PRD-HEAD')).toBe(before - 1);
    const cancelled = await orders.json(`/product/order/${orderId}/cancel`, { method: 'POST', token: member.token });
    expect(cancelled.body).toMatchObject({ is_success: true, data: { order_id: orderId, status: 'cancelled' } });
    // At once, in the answer to Cancel: no timer, no payment event.
    expect(payments.credit.get(orderId)?.released).toBe(true);
    expect(payments.creditBalance(member.memberId)).toBe(balance);
    expect(catalog.holds.get(orderId)?.state).toBe('released');
    expect(catalog.available('PRD-HEAD')).toBe(before);
  });

  it.runIf(available)('fails the order, releases its stock and gives the credit back when the payment fails', async () => {
    const member = await subscriber();
    const { body } = await place(member.token, order('PRD-HEAD'));
    await announce(body.data.order_id, 'failed', member.memberId, true);
    await eventually(async () => (await statusOf(member.token, body.data.order_id)) === 'failed');
    expect(catalog.holds.get(body.data.order_id)?.state).toBe('released');
    expect(payments.credit.get(body.data.order_id)?.released).toBe(true);
    const events = await sql<{
      data: { stage: string };
    }>`select data from events where type = 'OrderFailed' and stream_id = ${`order-${body.data.order_id}`}`.execute(orders.db);
    expect(events.rows[0]!.data.stage).toBe('timeout');
  });

  it.runIf(available)('refunds a payment that succeeds after its order was given up, and never sells its unit again', async () => {
    const member = await subscriber();
    // Stock is left, yet the unit went back when the order failed: the late money goes back too (issues 33 and 35).
    const late = (await place(member.token, order('PRD-HEAD'))).body.data.order_id;
    expect(payments.creditBalance(member.memberId)).toBe(0);
    await announce(late, 'failed', member.memberId, true);
    await eventually(async () => (await statusOf(member.token, late)) === 'failed');
    expect(payments.creditBalance(member.memberId)).toBe(99_900);
    await announce(late, 'success', member.memberId);
    await eventually(async () => (await statusOf(member.token, late)) === 'cancelled');
    expect(payments.payments.get(late)?.refunded).toBe(true);
    expect(catalog.holds.get(late)?.state).toBe('released');
    expect(payments.creditBalance(member.memberId)).toBe(99_900);

    // The last unit went to another member meanwhile: still refunded, and theirs stays theirs.
    const lost = (await place(member.token, order('PRD-LAST'))).body.data.order_id;
    await announce(lost, 'failed', member.memberId, true);
    await eventually(async () => (await statusOf(member.token, lost)) === 'failed');
    const someoneElse = await subscriber();
    const rival = (await place(someoneElse.token, order('PRD-LAST'))).body.data.order_id;
    await announce(rival, 'success', someoneElse.memberId);
    await eventually(async () => (await statusOf(someoneElse.token, rival)) === 'completed');
    await announce(lost, 'success', member.memberId);
    await eventually(async () => (await statusOf(member.token, lost)) === 'cancelled');
    expect(payments.payments.get(lost)?.refunded).toBe(true);
    expect(catalog.available('PRD-LAST')).toBe(0);
    // The member's page says the money went back, and why (issue 32), on the order and in the history.
    const page = (await orders.json(`/product/order/${lost}`, { token: member.token })).body.data;
    const refund = { refund_id: `RF-${lost}`, kind: 'late_payment', method: 'fund_transfer', state: 'refunded', retry_of: null };
    expect(page.refunds).toMatchObject([{ ...refund, amount_paise: page.amount_paise }]);
    const history = (await orders.json('/product/orders/user', { token: member.token })).body.data.orders;
    expect(history.find((card: { order_id: string }) => card.order_id === lost).refunds).toMatchObject([refund]);
    expect(history.find((card: { order_id: string }) => card.order_id === rival)).toBeUndefined();
  });

  it.runIf(available)('gives back the stock of a placement that died before recording its reservation', async () => {
    const member = await subscriber();
    const holds = catalog.pauseHolds('PRD-HEAD', { taken: true });
    const placing = place(member.token, order('PRD-HEAD'));
    try {
      await eventually(async () => holds.asked() === 1);
      const [orderId] = [...catalog.holds.entries()]
        .filter(([, hold]) => hold.state === 'held')
        .map(([id]) => id)
        .slice(-1);
      // The stock is held and orders has recorded nothing: its backstop is already scheduled.
      const jobs = await sql<{
        status: string;
        payload: { memberId: string };
      }>`select status, payload from scheduled_jobs where type = 'order.expire' and key = ${orderId}`.execute(orders.db);
      expect(jobs.rows).toEqual([{ status: 'pending', payload: { orderId, memberId: member.memberId } }]);
      expect((await sql`select 1 from orders where order_id = ${orderId}`.execute(orders.db)).rows).toEqual([]);
      // Time passes as if that process had died: the backstop gives the unit back.
      await sql`update scheduled_jobs set due_at = now() where type = 'order.expire' and key = ${orderId}`.execute(orders.db);
      await eventually(() => catalog.holds.get(orderId!)?.state === 'released');
    } finally {
      holds.resume();
    }
    await placing;
  });

  it.runIf(available)('reserves the one unit for exactly one of many members asking at once, and answers the rest sold out', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => subscriber()));
    const answers = await Promise.all(
      members.map((member) => orders.json('/product/order', { method: 'POST', token: member.token, body: order('PRD-ONE') })),
    );
    const reserved = answers.filter((answer) => answer.status === 200);
    expect(reserved).toHaveLength(1);
    expect(reserved[0]!.body.data).toMatchObject({ status: 'reserved', payment_session_id: null, payment_link: null });
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.message)).toEqual(Array(11).fill('Out of Stock'));
    expect(catalog.available('PRD-ONE')).toBe(0);
    // The decision waited for no payment: none was opened, and no credit was spent.
    expect(payments.payments.has(reserved[0]!.body.data.order_id)).toBe(false);
    expect(payments.credit.has(reserved[0]!.body.data.order_id)).toBe(false);
  });

  it.runIf(available)('releases a reservation not paid in time, and refunds a payment that succeeds after it', async () => {
    const member = await subscriber();
    const reserved = await place(member.token, order('PRD-TIME'));
    const orderId = reserved.body.data.order_id;
    // Pay now again answers the same payment, while the time to pay lasts.
    const again = await orders.json(`/product/order/${orderId}/checkout`, { method: 'POST', token: member.token });
    expect(again.body.data.payment_session_id).toBe(reserved.body.data.payment_session_id);
    const card = (await orders.json('/product/orders/user', { token: member.token })).body.data.orders[0];
    expect(card).toMatchObject({ order_id: orderId, status: 'pending', pay_until: reserved.body.data.reserved_until });
    // Its time to pay runs out with the payment still open at the gateway.
    await sql`update scheduled_jobs set due_at = now() where type = 'order.reservation-ends' and key = ${orderId}`.execute(orders.db);
    await eventually(async () => (await statusOf(member.token, orderId)) === 'failed');
    const page = (await orders.json(`/product/order/${orderId}`, { token: member.token })).body.data;
    expect(page).toMatchObject({ error: COPY.orderPage.reservationEnded, pay_until: null });
    expect(catalog.holds.get(orderId)?.state).toBe('released');
    expect(payments.credit.get(orderId)?.released).toBe(true);
    const next = await subscriber();
    expect((await place(next.token, order('PRD-TIME'))).status).toBe(200);
    // The member paid at the last second after all: the money goes back, once; the unit stays the next member's.
    await announce(orderId, 'success', member.memberId);
    await eventually(() => payments.payments.get(orderId)?.refunded === true);
    expect(catalog.available('PRD-TIME')).toBe(0);
    const paying = await orders.json(`/product/order/${orderId}/checkout`, { method: 'POST', token: member.token });
    expect(paying.status).toBe(409);
  });

  it.runIf(available)('answers Out of Stock without placing an order when the last unit is gone', async () => {
    const first = await subscriber();
    const second = await subscriber();
    const sold = await place(first.token, order('PRD-LAST'));
    if (sold.status === 200) await announce(sold.body.data.order_id, 'success', first.memberId);
    const { status, body } = await place(second.token, order('PRD-LAST'));
    expect(status).toBe(409);
    expect(body.message).toBe('Out of Stock');
  });

  it.runIf(available)(
    'answers the buyers of a product just found sold out at once, and a repeat of a placed request with its order (0073)',
    async () => {
      const [first, second, third] = [await subscriber(), await subscriber(), await subscriber()];
      const key = `key-${randomUUID()}`;
      const sold = await place(first.token, order('PRD-GONE'), { 'idempotency-key': key });
      expect(sold.status).toBe(200);
      expect((await place(second.token, order('PRD-GONE'))).body.message).toBe('Out of Stock');
      const asked = catalog.reads('PRD-GONE');
      const refused = await place(third.token, order('PRD-GONE'), { 'idempotency-key': `key-${randomUUID()}` });
      expect([refused.status, refused.body.message]).toEqual([409, 'Out of Stock']);
      expect(catalog.reads('PRD-GONE')).toBe(asked);
      const repeat = await place(first.token, order('PRD-GONE'), { 'idempotency-key': key });
      expect(repeat.body.data.order_id).toBe(sold.body.data.order_id);
      // Its payment fails and its unit is given back: the next buyer is judged by the catalog again, and gets it.
      await announce(sold.body.data.order_id, 'failed', first.memberId);
      await eventually(async () => catalog.holds.get(sold.body.data.order_id)?.state === 'released');
      const bought = await place(third.token, order('PRD-GONE'));
      expect(bought.status).toBe(200);
    },
  );

  it.runIf(available)(
    'tells a buyer who comes while the placements under way cover the units left Out of Stock at once (0073)',
    async () => {
      const [first, second] = [await subscriber(), await subscriber()];
      const holds = catalog.pauseHolds('PRD-RUSH');
      const firstKey = { 'idempotency-key': `key-${randomUUID()}` };
      const placing = place(first.token, order('PRD-RUSH'), firstKey);
      // The first placement has read one unit left and is waiting for its hold: that unit is spoken for.
      await eventually(async () => holds.asked() === 1);
      // Both are refused by the count unless their key has a claim: the first buyer's repeat has one and goes on to
      // its order; the second buyer's key has none.
      const [refused, repeat] = [
        place(second.token, order('PRD-RUSH'), { 'idempotency-key': `key-${randomUUID()}` }),
        place(first.token, order('PRD-RUSH'), firstKey),
      ];
      expect([(await refused).status, (await refused).body.message]).toEqual([409, 'Out of Stock']);
      expect(catalog.reads('PRD-RUSH')).toBe(1);
      holds.resume();
      const placed = await placing;
      expect(placed.status).toBe(200);
      expect([(await repeat).status, (await repeat).body.data.order_id]).toEqual([200, placed.body.data.order_id]);
    },
  );

  it.runIf(available)(
    'answers buyers queued behind a sale found sold out from memory at their turn, without reading the product (issue 33)',
    async () => {
      // A burst: every buyer arrives before the first read is answered, so none can be refused at arrival; eight
      // placements run (ORDER_PLACEMENTS_AT_ONCE) and the rest queue.
      const buyers = await Promise.all(Array.from({ length: 11 }, () => subscriber()));
      const reads = catalog.pauseHolds('PRD-BURST', { reads: true });
      const answers = buyers.map((buyer) => place(buyer.token, order('PRD-BURST'), { 'idempotency-key': `key-${randomUUID()}` }));
      await eventually(async () => reads.asked() === 8);
      // The queued three have arrived too (nothing refuses them: no read yet).
      await new Promise((resolve) => setTimeout(resolve, 300));
      reads.resume();
      const settled = await Promise.all(answers);
      expect(settled.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(settled.filter((answer) => answer.status === 409 && answer.body.message === 'Out of Stock')).toHaveLength(10);
      // The eight running read it and one held its unit; the three behind them were told at their turn, from memory.
      expect(catalog.reads('PRD-BURST')).toBe(8);
    },
  );

  it.runIf(available)('returns the first order for the same idempotency key', async () => {
    const member = await subscriber();
    const key = `key-${randomUUID()}`;
    const a = await place(member.token, order('PRD-HEAD'), { 'idempotency-key': key });
    const b = await place(member.token, order('PRD-HEAD'), { 'idempotency-key': key });
    expect(b.body.data.order_id).toBe(a.body.data.order_id);
    expect(b.body.data.payment_session_id).toBe(a.body.data.payment_session_id);
    const count = await sql<{ n: number }>`select count(*)::int as n from orders where member_id = ${member.memberId}`.execute(orders.db);
    expect(count.rows[0]!.n).toBe(1);
  });

  it.runIf(available)('answers requests racing with one idempotency key with one order', async () => {
    const member = await subscriber();
    const key = `key-${randomUUID()}`;
    const answers = await Promise.all([1, 2, 3].map(() => place(member.token, order('PRD-HEAD'), { 'idempotency-key': key })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data.order_id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.data.payment_session_id)).size).toBe(1);
    const count = await sql<{ n: number }>`select count(*)::int as n from orders where member_id = ${member.memberId}`.execute(orders.db);
    expect(count.rows[0]!.n).toBe(1);
    const held = [...catalog.holds.entries()].filter(([id, hold]) => hold.state === 'held' && id === answers[0]!.body.data.order_id);
    expect(held).toHaveLength(1);
  });

  it.runIf(available)('takes over a key whose placement died before recording its order', async () => {
    const member = await subscriber();
    const key = `key-${randomUUID()}`;
    await sql`insert into order_idempotency (member_id, idempotency_key, order_id, created_at)
      values (${member.memberId}, ${key}, 'ORD-DEAD00000000', now() - interval '5 minutes')`.execute(orders.db);
    const { status, body } = await place(member.token, order('PRD-HEAD'), { 'idempotency-key': key });
    expect(status).toBe(200);
    expect(body.data.order_id).not.toBe('ORD-DEAD00000000');
    const again = await place(member.token, order('PRD-HEAD'), { 'idempotency-key': key });
    expect(again.body.data.order_id).toBe(body.data.order_id);
  });

  it.runIf(available)('lets a refused placement go of its key, so a retry is judged afresh', async () => {
    const member = await subscriber();
    const key = `key-${randomUUID()}`;
    expect((await place(member.token, order('PRD-SOON'), { 'idempotency-key': key })).status).toBe(400);
    const claims = await sql`select 1 from order_idempotency where idempotency_key = ${key}`.execute(orders.db);
    expect(claims.rows).toEqual([]);
  });

  it.runIf(available)(
    'shows a completed order to the services that may ask (identity, for its email), with the service token',
    async () => {
      const member = await subscriber();
      const id = (await place(member.token, order('PRD-HEAD'))).body.data.order_id;
      expect((await orders.json(`/internal/orders/${id}`)).status).toBe(401);
      const { body } = await orders.json(`/internal/orders/${id}`, { headers: { 'x-service-token': TEST_SERVICE_TOKEN } });
      expect(body.data).toEqual({
        orderId: id,
        memberId: member.memberId,
        status: 'pending',
        product: { name: 'Noise-cancelling headphones', brand: 'Sony' },
        quantity: 1,
        amountPaise: 1_900_000,
        creditPaise: 99_900,
        shippingAddress: address,
      });
    },
  );

  describe('refusals', () => {
    it.runIf(available)('needs a session and an active subscription', async () => {
      expect((await orders.json('/product/order', { method: 'POST', body: order('PRD-HEAD') })).body).toMatchObject({
        is_success: false,
        message: 'Please login to continue with your order',
      });
      const lapsed = await subscriber({ status: 'expired' });
      const { status, body } = await place(lapsed.token, order('PRD-HEAD'));
      expect(status).toBe(403);
      expect(body.message).toBe('Only active subscribers can place orders. Subscribe to unlock the deals board.');
    });

    it.runIf(available)('needs every delivery detail, a real state and a serviceable pincode', async () => {
      const member = await subscriber();
      const missing = await place(member.token, order('PRD-HEAD', { shipping_address: { ...address, city: ' ' } }));
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'City is required', fields: { shipping_address: 'City is required' } });
      expect(
        (await place(member.token, order('PRD-HEAD', { shipping_address: { ...address, state: 'Atlantis' } }))).body.message,
      ).toContain("State must be one of India's states and union territories");
      const far = await place(member.token, order('PRD-HEAD', { shipping_address: { ...address, pincode: '110001' } }));
      expect(far.status).toBe(400);
      expect(far.body.message).toBe('Not serviceable currently');
    });

    it.runIf(available)('refuses products that are disabled, not yet on sale, or past their sale', async () => {
      const member = await subscriber();
      expect((await place(member.token, order('PRD-OFF'))).body.message).toBe('This product is not available.');
      expect((await place(member.token, order('PRD-SOON'))).body.message).toBe('The sale for this product has not started yet.');
      expect((await place(member.token, order('PRD-OVER'))).body.message).toBe('Sale Ended');
      expect((await place(member.token, order('PRD-NONE'))).status).toBe(404);
    });

    it.runIf(available)('lets only businesses with a GSTIN buy more than one', async () => {
      const student = await subscriber({ profession: 'student' });
      const refused = await place(student.token, order('PRD-HEAD', { quantity: 2 }));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^Students and working professionals can buy one of each product/);
      const business = await subscriber({ profession: 'business', gst: '27AAPFU0939F1ZV' });
      expect((await place(business.token, order('PRD-HEAD', { quantity: 3 }))).status).toBe(200);
      expect((await place(business.token, order('PRD-HEAD', { quantity: 11 }))).body.message).toBe('You can buy at most 10 of a product.');
    });

    it.runIf(available)('refuses an order under Rs 1.00 after credit before holding stock, spending credit or recording it', async () => {
      const member = await subscriber();
      const { status, body } = await place(member.token, order('PRD-PENNY'));
      expect(status).toBe(400);
      expect(body.message).toBe(
        'This order is too small to pay for: after up to 10% membership credit it must still come to ₹1.00, the smallest payment we can take.',
      );
      expect([...catalog.holds.values()].filter((hold) => hold.productId === 'PRD-PENNY')).toEqual([]);
      expect([...payments.credit.values()].filter((entry) => entry.memberId === member.memberId)).toEqual([]);
      const recorded = await sql<{ n: number }>`select count(*)::int as n from orders where member_id = ${member.memberId}`.execute(
        orders.db,
      );
      expect(recorded.rows[0]!.n).toBe(0);
      const backstops = await sql<{ n: number }>`select count(*)::int as n from scheduled_jobs
        where type = 'order.expire' and payload->>'memberId' = ${member.memberId}`.execute(orders.db);
      expect(backstops.rows[0]!.n).toBe(0);

      const lowest = await place(member.token, order('PRD-RUPEE'));
      expect(lowest.status).toBe(200);
      expect(lowest.body.data).toMatchObject({ amount: 1, credit_applied: 0.11 });
    });

    it.runIf(available)(
      'keeps the reservation when its payment cannot open, and Cancel gives its unit and credit back at once',
      async () => {
        const failing = paymentsStandIn({ failCheckout: true });
        const harness = await startServiceHarness(ordersService, {
          kind,
          sources: [identityEvents, paymentsEvents],
          stubs: { catalog: catalog.app, payments: failing.app },
        });
        try {
          const memberId = randomUUID();
          await harness
            .source('payments')
            .append(`subscription-${memberId}`, 0, [
              { type: 'SubscriptionStatusChanged', data: { subscriptionId: 'S', memberId, status: 'active', validUntil: null } },
            ]);
          await eventually(
            async () =>
              (
                await sql<{ n: number }>`select count(*)::int as n from member_buyers where subscription_status = 'active'`.execute(
                  harness.db,
                )
              ).rows[0]!.n === 1,
          );
          const before = catalog.available('PRD-HEAD');
          const { token } = harness.memberSession(memberId);
          const reserved = await harness.json('/product/order', { method: 'POST', token, body: order('PRD-HEAD') });
          expect(reserved.body.data).toMatchObject({ status: 'reserved', payment_session_id: null });
          // The whole time to pay, less the second the answer may have crossed on a busy machine.
          expect(reserved.body.data.seconds_left).toBeGreaterThanOrEqual(15 * 60 - 1);
          expect(reserved.body.data.seconds_left).toBeLessThanOrEqual(15 * 60);
          const orderId = reserved.body.data.order_id;
          const opened = await harness.json(`/product/order/${orderId}/checkout`, { method: 'POST', token });
          expect(opened.status).toBeGreaterThanOrEqual(500);
          // The decision stands: the unit is still the member's, to pay for when the gateway answers again.
          expect(catalog.available('PRD-HEAD')).toBe(before - 1);
          const page = (await harness.json(`/product/order/${orderId}`, { token })).body.data;
          expect(page).toMatchObject({ status: 'pending', pay_until: reserved.body.data.reserved_until });
          const cancelled = await harness.json(`/product/order/${orderId}/cancel`, { method: 'POST', token });
          expect(cancelled.body).toMatchObject({ is_success: true, data: { order_id: orderId, status: 'cancelled' } });
          expect(catalog.available('PRD-HEAD')).toBe(before);
          expect(failing.credit.get(orderId)?.released ?? true).toBe(true);
          // Cancelled once: asked again, it says so.
          const again = await harness.json(`/product/order/${orderId}/cancel`, { method: 'POST', token });
          expect([again.status, again.body.message]).toEqual([409, 'This order is already cancelled.']);
          expect((await harness.json(`/product/order/${orderId}/checkout`, { method: 'POST', token })).status).toBe(409);
        } finally {
          await harness.close();
        }
      },
    );
  });

  describe('history', () => {
    it.runIf(available)("pages and filters a member's own orders, newest first", async () => {
      // A business with a GSTIN may order one product again; each order is settled before the next, as a member
      // may have only two waiting for payment (purchase-limits.test.ts).
      const member = await subscriber({ profession: 'business', gst: '27AAPFU0939F1ZV' });
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const id = (await place(member.token, order('PRD-HEAD'))).body.data.order_id;
        ids.push(id);
        if (i === 11) break;
        await announce(id, i === 0 ? 'success' : 'failed', member.memberId);
        await eventually(async () => (await statusOf(member.token, id)) === (i === 0 ? 'completed' : 'failed'));
      }
      const first = await orders.json('/product/orders/user?page=1&limit=10', { token: member.token });
      expect(first.body.data.orders).toHaveLength(10);
      expect(first.body.data.orders[0].order_id).toBe(ids[11]);
      expect(first.body.data.pagination).toEqual({ current_page: 1, total_pages: 2, total_items: 12, has_prev: false, has_next: true });
      const second = await orders.json('/product/orders/user?page=2&limit=10', { token: member.token });
      expect(second.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[1], ids[0]]);
      const completed = await orders.json('/product/orders/user?page=1&limit=10&status=completed', { token: member.token });
      expect(completed.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[0]]);
      expect(completed.body.data.orders[0]).toMatchObject({
        status: 'completed',
        amount: expect.any(Number),
        product: { name: expect.any(String), images: expect.any(Array) },
        payment_info: { transaction_id: expect.any(String) },
        shipping_address: { name: 'Asha Rao', city: 'Panaji' },
      });
      expect((await orders.json('/product/orders/user?page=0', { token: member.token })).status).toBe(400);
      expect((await orders.json('/product/orders/user?status=shipped', { token: member.token })).status).toBe(400);
    });

    it.runIf(available)("keeps members out of each other's orders", async () => {
      const owner = await subscriber();
      const other = await subscriber();
      const id = (await place(owner.token, order('PRD-HEAD'))).body.data.order_id;
      expect((await orders.json(`/product/order/${id}`, { token: other.token })).status).toBe(404);
      expect((await orders.json(`/product/order/${id}/gateway-status`, { token: other.token })).status).toBe(404);
      expect((await orders.json('/product/orders/user', { token: other.token })).body.data.orders).toEqual([]);
      expect((await orders.json('/product/orders/user')).status).toBe(401);
    });

    it.runIf(available)('checks the latest status with the gateway and applies it at once', async () => {
      const member = await subscriber();
      const id = (await place(member.token, order('PRD-HEAD'))).body.data.order_id;
      payments.settle(id, 'success');
      const { body } = await orders.json(`/product/order/${id}/gateway-status`, { token: member.token });
      expect(body).toMatchObject({
        is_success: true,
        message: 'Status updated: COMPLETED',
        data: { status: 'completed', payment_status: 'success' },
      });
    });
  });
});
