import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_PRICE } from '@elts/contracts';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it.runIf(available)('has no year without an active membership, and answers only a signed-in member', async () => {
    const stranger = await registerMember(payments);
    const { body } = await savings(stranger);
    expect(body.data).toEqual({ year: null, credit_balance_paise: 0, credit_expires_at: null });
    expect((await payments.json('/subscription/savings')).status).toBe(401);
  });
});
