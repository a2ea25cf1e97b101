import { randomUUID } from 'node:crypto';
import { catalogEvents, identityEvents, type ProductForOrder, paymentsEvents } from '@elts/contracts';
import { memberRegisteredEvent } from '@elts/contracts/testing';
import { type Clock, sql } from '@elts/platform';
import { type DatabaseKind, eventually, type ServiceHarness, startServiceHarness } from '@elts/platform/testing';
import { ordersService } from '../src/service.js';
import { catalogStandIn, paymentsStandIn } from './partners.js';

export const address = { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' };

export const order = (productId: string, extra: Record<string, unknown> = {}) => ({
  amount: 1,
  customer_email: 'asha@example.in',
  customer_phone: '+91 98765 43210',
  first_name: 'Asha',
  last_name: 'Rao',
  product_id: productId,
  quantity: 1,
  description: 'Headphones',
  return_url: 'http://localhost:3000/order',
  shipping_address: address,
  billing_address: address,
  ...extra,
});

export type Member = { memberId: string; token: string };

/**
 * What the shop does on Confirm Order: reserve a unit (the drop's decision, issue 33), then open its checkout at once
 * (Pay now); one answer of both, or the first refusal.
 */
export async function placeAndOpenCheckout(orders: ServiceHarness, token: string, body: unknown, headers: Record<string, string> = {}) {
  const reserved = await orders.json('/product/order', { method: 'POST', token, body, headers });
  if (reserved.status !== 200) return reserved;
  const opened = await orders.json(`/product/order/${reserved.body.data.order_id}/checkout`, { method: 'POST', token });
  if (opened.status !== 200) return opened;
  return { ...opened, body: { ...opened.body, data: { ...reserved.body.data, ...opened.body.data } } };
}
type Outcome = 'success' | 'failed' | 'cancelled';

/**
 * The orders service on one database with the catalog and payments stood in (partners.ts), and the steps its tests
 * take: members who subscribe, orders placed through the API, payments announced as the payments service would.
 */
export async function startTestbed(
  kind: DatabaseKind,
  products: Record<string, Partial<ProductForOrder> & { stock: number }>,
  env: Record<string, string> = {},
  clock?: Clock,
) {
  const catalog = catalogStandIn(products);
  const payments = paymentsStandIn({ creditPaise: 99_900 });
  const orders: ServiceHarness = await startServiceHarness(ordersService, {
    kind,
    ...(clock ? { clock } : {}),
    env: { WORKFLOW_POLL_MS: '25', ...env },
    sources: [identityEvents, paymentsEvents, catalogEvents],
    stubs: { catalog: catalog.app, payments: payments.app },
  });

  /**
   * An operator adds units: the catalog's stock grows at once; its StockAdjusted reaches orders when `announced` (so a
   * test can act in between, as a buyer could before the event is delivered).
   */
  function restock(productId: string, units: number) {
    const product = catalog.products[productId]!;
    const previousAvailable = catalog.available(productId);
    product.stock += units;
    const data = { productId, available: previousAvailable + units, previousAvailable };
    return { announced: () => orders.source('catalog').append(`product-${productId}`, 'any', [{ type: 'StockAdjusted', data }]) };
  }

  async function subscriber(options: { profession?: string; gst?: string } = {}): Promise<Member> {
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
    await orders
      .source('payments')
      .append(`subscription-${memberId}`, 0, [
        { type: 'SubscriptionStatusChanged', data: { subscriptionId: `MEM-${memberId}`, memberId, status: 'active', validUntil: null } },
      ]);
    await eventually(async () => {
      const row = await sql<{ subscription_status: string; profession: string | null }>`
        select subscription_status, profession from member_buyers where member_id = ${memberId}`.execute(orders.db);
      return (
        row.rows[0]?.subscription_status === 'active' &&
        (options.profession === undefined || row.rows[0]?.profession === options.profession)
      );
    });
    return { memberId, token: orders.memberSession(memberId).token };
  }

  /** Payments says the member's membership ended, as its event would; waits for orders to know. */
  async function membershipEnds(member: Member) {
    const { memberId } = member;
    await orders
      .source('payments')
      .append(`subscription-${memberId}`, 'any', [
        { type: 'SubscriptionStatusChanged', data: { subscriptionId: `MEM-${memberId}`, memberId, status: 'expired', validUntil: null } },
      ]);
    await eventually(async () => {
      const row = await sql<{ status: string }>`select subscription_status as status from member_buyers where member_id = ${memberId}`;
      return (await row.execute(orders.db)).rows[0]?.status === 'expired';
    });
  }

  const reserve = (member: Member, body: unknown, headers: Record<string, string> = {}) =>
    orders.json('/product/order', { method: 'POST', token: member.token, body, headers });
  const checkout = (member: Member, orderId: string) =>
    orders.json(`/product/order/${orderId}/checkout`, { method: 'POST', token: member.token });
  const place = (member: Member, body: unknown, headers: Record<string, string> = {}) =>
    placeAndOpenCheckout(orders, member.token, body, headers);

  const detail = async (member: Member, orderId: string) =>
    (await orders.json(`/product/order/${orderId}`, { token: member.token })).body.data;

  /** Payments announces the outcome, as its event would: a cancellation is a failed payment the payer called off. */
  async function announce(member: Member, orderId: string, outcome: Outcome) {
    const payment = payments.settle(orderId, outcome === 'success' ? 'success' : 'failed', false, outcome === 'cancelled');
    const base = { paymentId: payment.paymentId, orderId, memberId: member.memberId, paymentType: 'product_order' };
    await orders.source('payments').append(`payment-${payment.paymentId}`, 'any', [
      outcome === 'success'
        ? {
            type: 'PaymentSucceeded',
            data: {
              ...base,
              amountPaise: payment.amountPaise,
              method: 'upi',
              gatewayPaymentId: `txn-${payment.paymentId}`,
              bankReference: null,
              late: false,
            },
          }
        : {
            type: 'PaymentFailed',
            data: {
              ...base,
              reason: outcome === 'cancelled' ? 'Payment cancelled by the customer' : 'Payment declined by the bank',
              method: 'upi',
              autoFailed: false,
              timeoutMinutes: null,
              cancelled: outcome === 'cancelled',
            },
          },
    ]);
  }

  /** Announces the outcome and waits for the order to show it. */
  async function settle(member: Member, orderId: string, outcome: Outcome) {
    await announce(member, orderId, outcome);
    const want = outcome === 'success' ? 'completed' : outcome;
    await eventually(async () => (await detail(member, orderId)).status === want);
  }

  const ordersOf = async (memberId: string) =>
    (await sql<{ order_id: string; status: string }>`select order_id, status from orders where member_id = ${memberId}`.execute(orders.db))
      .rows;

  /** Payments says how a refund of the order settled, as its PaymentRefunded or RefundFailed event would. */
  async function announceRefund(member: Member, orderId: string, refundId: string, type: 'PaymentRefunded' | 'RefundFailed') {
    const { paymentId } = payments.payments.get(orderId)!;
    const data = { paymentId, refundId, orderId, memberId: member.memberId, amountPaise: 100, reason: 'Out of stock' };
    await orders.source('payments').append(`payment-${paymentId}`, 'any', [{ type, data }]);
  }

  /** Whether the order spent membership credit (each member starts with some) and payments was asked to give it back. */
  const creditReturned = (orderId: string) => {
    const spent = payments.credit.get(orderId);
    return (spent?.amount ?? 0) > 0 && spent?.released === true;
  };

  return {
    orders,
    catalog,
    payments,
    subscriber,
    membershipEnds,
    reserve,
    checkout,
    place,
    detail,
    announce,
    settle,
    ordersOf,
    creditReturned,
    announceRefund,
    restock,
    close: () => orders.close(),
  };
}
