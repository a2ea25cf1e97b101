import { randomUUID } from 'node:crypto';
import { indianDayOf, SUBSCRIPTION_PRICE } from '@elts/contracts';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project } from '../src/store/projections.js';
import { current, decideMandate, internalCall, registerMember, startPayments, subscribe, type TestMember } from './helpers.js';

// `GET /subscription/savings` (issue 39 item 2, decision 0156): the member's own paid orders of the membership year
// against the retail price in force when each was placed, refunds left out, with the fee and the credit.
describe.each(DATABASE_KINDS)('a member’s savings read on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  const internal = (path: string, body?: unknown) => internalCall(payments, path, body);
  const savings = (member: TestMember) => payments.json('/subscription/savings', { token: member.token });

  beforeAll(async () => {
    if (available) payments = await startPayments(kind);
  });
  afterAll(async () => payments?.close());

  async function member() {
    const someone = await registerMember(payments);
    const started = await subscribe(payments, someone);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, someone)).subscription?.status === 'active');
    return someone;
  }

  /** An order placed (with its retail price, or none), its credit spent at checkout, and paid on the simulator. */
  async function paid(buyer: TestMember, order: { pricePaise: number; creditPaise: number; retailUnitPaise: number | null }) {
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const amountPaise = order.pricePaise - order.creditPaise;
    const checkout = await internal('/internal/payments/checkout', {
      orderId,
      memberId: buyer.memberId,
      amountPaise,
      customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      note: 'Pressure cooker x 1',
    });
    const address = { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' };
    await payments.source('orders').append(`order-${orderId}`, 0, [
      {
        type: 'OrderPlaced',
        data: {
          orderId,
          memberId: buyer.memberId,
          productId: 'PRD-COOKER',
          product: { name: 'Pressure cooker', brand: 'Hawkins', category: 'Home', images: [] },
          quantity: 1,
          unitPricePaise: order.pricePaise,
          creditPaise: order.creditPaise,
          amountPaise,
          customer: { email: 'asha@example.in', phone: '9876543210', firstName: 'Asha', lastName: 'Rao' },
          shippingAddress: address,
          billingAddress: address,
          retailUnitPaise: order.retailUnitPaise,
          retailRecordedAt: order.retailUnitPaise === null ? null : '2026-11-01T04:30:00.000Z',
        },
      },
    ]);
    await payments.request(new URL(checkout.body.data.paymentLink).pathname, {
      method: 'POST',
      body: { outcome: 'success', method: 'upi' },
    });
    await eventually(async () => (await internal(`/internal/payments/orders/${orderId}`)).body.data.status === 'success');
    await eventually(async () =>
      Boolean(await payments.db.selectFrom('product_orders').select('order_id').where('order_id', '=', orderId).executeTakeFirst()),
    );
    return orderId;
  }

  it.runIf(available)('sums the year’s paid orders against retail, leaving out a refunded one and one without a retail price', async () => {
    const buyer = await member();
    await paid(buyer, { pricePaise: 2_699_000, creditPaise: 99_900, retailUnitPaise: 3_499_000 });
    await paid(buyer, { pricePaise: 400_000, creditPaise: 0, retailUnitPaise: 600_000 });
    await paid(buyer, { pricePaise: 150_000, creditPaise: 0, retailUnitPaise: null });
    const refunded = await paid(buyer, { pricePaise: 800_000, creditPaise: 0, retailUnitPaise: 1_200_000 });
    await internal(`/internal/payments/orders/${refunded}/refunds`, { key: 'out-of-stock', amountPaise: 800_000, reason: 'Out of stock' });
    // Someone else's order never counts in this member's figures.
    await paid(await registerMember(payments), { pricePaise: 100_000, creditPaise: 0, retailUnitPaise: 900_000 });

    const { status, body } = await savings(buyer);
    expect(status).toBe(200);
    expect(body.data.year).toMatchObject({
      orders_counted: 2,
      retail_paise: 4_099_000,
      paid_paise: 2_599_100 + 400_000,
      credit_paise: 99_900,
      saving_paise: 4_099_000 - 2_999_100,
      orders_without_retail: 1,
      orders_refunded: 1,
      fee_paise: SUBSCRIPTION_PRICE.totalPaise,
      times_fee_saved: 9.3,
    });
    const sub = (await current(payments, buyer)).subscription;
    expect(body.data.credit_expires_at).toBe(sub.end_date);
    expect(body.data.credit_balance_paise).toBe((await current(payments, buyer)).credit_balance_paise);
  });

  it.runIf(available)('counts only the renewed year: an order paid before its first Indian day belongs to the year before', async () => {
    const buyer = await member();
    const lastYear = await paid(buyer, { pricePaise: 300_000, creditPaise: 0, retailUnitPaise: 500_000 });
    const firstDay = await paid(buyer, { pricePaise: 200_000, creditPaise: 0, retailUnitPaise: 250_000 });
    await paid(buyer, { pricePaise: 100_000, creditPaise: 0, retailUnitPaise: 180_000 });
    // The membership renewed at 10:00 in India three days ago (as its SubscriptionRenewed is projected): its new year's
    // first day begins at that day's Indian midnight, 18:30 UTC the evening before.
    const renewedAt = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 3, 4, 30));
    const midnight = new Date(renewedAt.getTime() - 10 * 3_600_000);
    const { subscription } = await current(payments, buyer);
    await payments.db.transaction().execute((trx) =>
      project(trx, {
        service: 'payments',
        position: 0,
        eventId: randomUUID(),
        streamId: `subscription-${subscription.subscription_id}`,
        streamVersion: 2,
        type: 'SubscriptionRenewed',
        schemaVersion: 1,
        data: {
          subscriptionId: subscription.subscription_id,
          memberId: buyer.memberId,
          cycle: 2,
          paymentId: `PAY-RENEW-${subscription.subscription_id}`,
          startDate: renewedAt.toISOString(),
          endDate: new Date(renewedAt.getTime() + 365 * 86_400_000).toISOString(),
        },
        metadata: {},
        recordedAt: renewedAt,
      }),
    );
    // Paid a minute before that midnight (the year before), at it, and today.
    const paidAt = (orderId: string, at: Date) =>
      payments.db
        .updateTable('payments')
        .set({ processed_at: at })
        .where('order_id', '=', orderId)
        .where('payment_type', '=', 'product_order')
        .execute();
    await paidAt(lastYear, new Date(midnight.getTime() - 60_000));
    await paidAt(firstDay, midnight);

    const { body } = await savings(buyer);
    expect(body.data.year).toMatchObject({
      first_day: indianDayOf(renewedAt),
      orders_counted: 2,
      retail_paise: 430_000,
      paid_paise: 300_000,
      saving_paise: 130_000,
      // The last year's order is neither counted nor left out: it is not this year's.
      orders_without_retail: 0,
      orders_refunded: 0,
    });
  });

  it.runIf(available)('leaves out an order whose money came back as membership credit instead of a refund', async () => {
    const buyer = await member();
    await paid(buyer, { pricePaise: 400_000, creditPaise: 0, retailUnitPaise: 600_000 });
    const credited = await paid(buyer, { pricePaise: 800_000, creditPaise: 0, retailUnitPaise: 1_200_000 });
    const granted = await internal('/internal/credit/refund', { memberId: buyer.memberId, orderId: credited, amountPaise: 800_000 });
    expect(granted.status).toBe(200);

    const { body } = await savings(buyer);
    expect(body.data.year).toMatchObject({
      orders_counted: 1,
      retail_paise: 600_000,
      paid_paise: 400_000,
      saving_paise: 200_000,
      orders_refunded: 1,
    });
    // The credit given back is the member's to spend: the fee's credit and the order's amount.
    expect(body.data.credit_balance_paise).toBe((await current(payments, buyer)).credit_balance_paise);
    expect(body.data.credit_balance_paise).toBeGreaterThanOrEqual(800_000);
  });

  it.runIf(available)('has no year without an active membership, and answers only a signed-in member', async () => {
    const stranger = await registerMember(payments);
    const { body } = await savings(stranger);
    expect(body.data).toEqual({ year: null, credit_balance_paise: 0, credit_expires_at: null });
    expect((await payments.json('/subscription/savings')).status).toBe(401);
  });
});
