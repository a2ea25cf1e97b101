import { addBusinessDays, type FulfilmentStepRequest, todayInIndia } from '@elts/contracts';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideFulfilment, ORDER_SHIPMENT, type ShipmentState } from '../src/domain/fulfilment.js';
import type { OrderState } from '../src/domain/order.js';
import { type Member, order, startTestbed } from './testbed.js';

const SHIPPED = {
  step: 'shipped',
  courier: 'Blue Dart',
  awb_number: '12345678901',
  tracking_url: 'https://www.bluedart.com/tracking?awb=12345678901',
};
const today = () => todayInIndia();
const yesterday = () => todayInIndia(new Date(Date.now() - 86_400_000));
const tomorrow = () => todayInIndia(new Date(Date.now() + 86_400_000));

describe('the delivery step', () => {
  it('carries the exchange window the orders setting allows, for the delivered mail to name (docs/decisions/0025)', () => {
    const now = new Date();
    const order: OrderState = {
      orderId: 'ORD-WINDOW0001',
      memberId: '00000000-0000-4000-8000-000000000001',
      productId: 'PRD-HEAD',
      quantity: 1,
      amountPaise: 100_000,
      creditPaise: 0,
      status: 'completed',
      paymentId: 'PAY-1',
      refunded: false,
      cancelledAfterPayment: false,
    };
    const shipment = { shipment: ORDER_SHIPMENT, step: 'shipped', shippedAt: now } as ShipmentState;
    const delivered = { step: 'delivered', delivered_on: todayInIndia(now) } as FulfilmentStepRequest;
    for (const days of [7, 10]) {
      const decision = decideFulfilment(order, new Map([[ORDER_SHIPMENT, shipment]]), delivered, now, ORDER_SHIPMENT, days);
      expect('events' in decision && decision.events[0]?.data).toMatchObject({ deliveredOn: todayInIndia(now), exchangeWindowDays: days });
    }
  });
});

/**
 * Fulfilment (issue 20, docs/decisions/0023): an operator moves a paid order through processing, shipped and
 * delivered, one step at a time, and the member's order page and history show each step. Every refusal answers
 * 4xx with a sentence and records nothing.
 */
describe.each(DATABASE_KINDS)('fulfilment of an order on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;
  let operator: { token: string; adminId: string };

  beforeAll(async () => {
    if (!available) return;
    bed = await startTestbed(kind, { 'PRD-HEAD': { stock: 1000 } });
    operator = bed.orders.adminSession();
  });
  afterAll(async () => bed?.close());

  async function placed(outcome?: 'success' | 'failed' | 'cancelled'): Promise<{ member: Member; id: string }> {
    const member = await bed.subscriber();
    const id = (await bed.place(member, order('PRD-HEAD'))).body.data.order_id as string;
    if (outcome) await bed.settle(member, id, outcome);
    return { member, id };
  }

  const step = (id: string, body: unknown, token = operator.token) =>
    bed.orders.json(`/admin/fulfilment/${id}`, { method: 'POST', token, body });
  const bulk = (orders: unknown[], token = operator.token) =>
    bed.orders.json('/admin/fulfilment', { method: 'POST', token, body: { orders } });
  const fulfilmentEvents = async (id: string) =>
    (
      await sql<{ type: string; actor: string }>`
        select type, metadata->>'actor' as actor from events
        where stream_id = ${`order-${id}`} and type in ('OrderProcessingStarted', 'OrderShipped', 'OrderDelivered')
        order by stream_version`.execute(bed.orders.db)
    ).rows;

  it.runIf(available)('goes paid, processing, shipped, delivered, each step on the order page with the operator as its actor', async () => {
    const { member, id } = await placed('success');
    const paid = await bed.detail(member, id);
    expect(paid.status).toBe('completed');
    expect(paid.fulfilment).toMatchObject({
      step: 'paid',
      courier: null,
      delivered_on: null,
      // Processed within 2 business days of payment, then delivered within 7 business days of shipping.
      expected_delivery_on: addBusinessDays(today(), 9),
    });
    expect(paid.fulfilment.timeline.map((each: { step: string; done: boolean }) => [each.step, each.done])).toEqual([
      ['paid', true],
      ['processing', false],
      ['shipped', false],
      ['delivered', false],
    ]);

    const processing = await step(id, { step: 'processing' });
    expect(processing.status).toBe(200);
    expect(processing.body).toMatchObject({
      is_success: true,
      message: `Order ${id} marked processing.`,
      data: { fulfilment: { step: 'processing' } },
    });

    const shipped = await step(id, { ...SHIPPED, awb_number: '1234 5678 901' });
    expect(shipped.status).toBe(200);
    const onTheWay = await bed.detail(member, id);
    expect(onTheWay).toMatchObject({
      status: 'completed',
      fulfilment: {
        step: 'shipped',
        courier: 'Blue Dart',
        awb_number: '12345678901',
        tracking_url: SHIPPED.tracking_url,
        expected_delivery_on: addBusinessDays(today(), 7),
      },
    });

    expect((await step(id, { step: 'delivered', delivered_on: today() })).status).toBe(200);
    const delivered = await bed.detail(member, id);
    expect(delivered.status).toBe('completed');
    expect(delivered.fulfilment).toMatchObject({ step: 'delivered', delivered_on: today(), expected_delivery_on: null });
    for (const each of delivered.fulfilment.timeline) expect(each).toMatchObject({ done: true, at: expect.stringMatching(/^\d{4}-/) });

    // The history card carries the same timeline, and the order is still Completed for the spec's filters.
    const history = await bed.orders.json('/product/orders/user?page=1&limit=10&status=completed', { token: member.token });
    expect(history.body.data.orders).toMatchObject([{ order_id: id, status: 'completed', fulfilment: { step: 'delivered' } }]);
    expect(await fulfilmentEvents(id)).toEqual(
      ['OrderProcessingStarted', 'OrderShipped', 'OrderDelivered'].map((type) => ({ type, actor: `admin:${operator.adminId}` })),
    );
  });

  it.runIf(available)('is for operators only: no session and a member session are refused, the member’s own order too', async () => {
    const { member, id } = await placed('success');
    // No session ('' sends no Authorization header), then the member's own.
    for (const token of ['', member.token]) {
      const one = await step(id, { step: 'processing' }, token);
      expect(one.status).toBe(401);
      expect(one.body).toMatchObject({ is_success: false, message: 'Authentication required' });
      // Refused before the body is read: a member learns nothing of what a valid one looks like.
      expect((await step(id, { step: 'nonsense' }, token)).status).toBe(401);
      expect((await bulk([{ order_id: id, step: 'processing' }], token)).status).toBe(401);
    }
    expect(await fulfilmentEvents(id)).toEqual([]);
    expect((await bed.detail(member, id)).fulfilment.step).toBe('paid');
  });

  it.runIf(available)('moves no order that is not paid: waiting for payment, failed or cancelled', async () => {
    const cases = [
      [await placed(), 'This order is not paid yet, so it cannot be processed.'],
      [await placed('failed'), "This order's payment failed, so it cannot be processed."],
      [await placed('cancelled'), 'This order was cancelled, so it cannot be processed.'],
    ] as const;
    for (const [{ member, id }, message] of cases) {
      const refused = await step(id, { step: 'processing' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ is_success: false, message });
      expect((await bed.detail(member, id)).fulfilment).toBeNull();
      expect(await fulfilmentEvents(id)).toEqual([]);
    }
    const { id } = await placed();
    expect((await step(id, SHIPPED)).body.message).toBe('This order is not paid yet, so it cannot be shipped.');
    expect((await step('ORD-000000000000', { step: 'processing' })).status).toBe(404);
  });

  it.runIf(available)('goes one step at a time and never back', async () => {
    const { id } = await placed('success');
    const skipped = await step(id, SHIPPED);
    expect(skipped.status).toBe(409);
    expect(skipped.body.message).toBe('This order is paid: mark it processing first.');
    expect((await step(id, { step: 'delivered', delivered_on: today() })).body.message).toBe(
      'This order is paid: mark it processing first.',
    );
    await step(id, { step: 'processing' });
    await step(id, SHIPPED);
    const back = await step(id, { step: 'processing' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('This order is already shipped; a step cannot be undone.');
    expect(await fulfilmentEvents(id)).toHaveLength(2);
  });

  it.runIf(available)('records a step asked twice once, and refuses the same step with other details', async () => {
    const { id } = await placed('success');
    expect((await step(id, { step: 'processing' })).status).toBe(200);
    expect((await step(id, { step: 'processing' })).status).toBe(200);
    expect((await step(id, SHIPPED)).status).toBe(200);
    expect((await step(id, SHIPPED)).status).toBe(200);
    const otherAwb = await step(id, { ...SHIPPED, awb_number: '99999999999' });
    expect(otherAwb.status).toBe(409);
    expect(otherAwb.body.message).toBe('This order was already shipped with Blue Dart, AWB 12345678901.');
    expect((await fulfilmentEvents(id)).map((event) => event.type)).toEqual(['OrderProcessingStarted', 'OrderShipped']);
  });

  it.runIf(available)('records one step when two operators move the same order at once', async () => {
    const { id } = await placed('success');
    const answers = await Promise.all([step(id, { step: 'processing' }), step(id, { step: 'processing' })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await fulfilmentEvents(id)).toHaveLength(1);
  });

  it.runIf(available)(
    'refuses what cannot be a shipment: no courier, a strange AWB number, a tracking link that is not https',
    async () => {
      const { id } = await placed('success');
      await step(id, { step: 'processing' });
      const refusals: [Record<string, unknown>, string][] = [
        [{ ...SHIPPED, courier: ' ' }, 'Courier is required'],
        [{ step: 'shipped', awb_number: '12345678901', tracking_url: SHIPPED.tracking_url }, 'Courier is required'],
        [{ ...SHIPPED, awb_number: '1234' }, 'AWB number must be 8 to 20 letters and digits, like 12345678901'],
        [{ ...SHIPPED, awb_number: 'ABCDEFGHIJ' }, 'AWB number must be 8 to 20 letters and digits, like 12345678901'],
        [{ ...SHIPPED, awb_number: '12345678901<script>' }, 'AWB number must be 8 to 20 letters and digits, like 12345678901'],
        [
          { ...SHIPPED, tracking_url: 'http://www.bluedart.com/tracking' },
          'Tracking link must be an https:// address, like https://www.bluedart.com/tracking',
        ],
        [
          { ...SHIPPED, tracking_url: 'javascript:alert(1)' },
          'Tracking link must be an https:// address, like https://www.bluedart.com/tracking',
        ],
        [{ step: 'returned' }, 'Step must be processing, shipped or delivered'],
        [{ step: 'processing', note: 'x' }, 'Unknown field(s): note'],
      ];
      for (const [body, message] of refusals) {
        const refused = await step(id, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body).toMatchObject({ is_success: false, message });
      }
      expect(await fulfilmentEvents(id)).toHaveLength(1);
    },
  );

  it.runIf(available)('refuses a delivery day in the future, before the day it shipped, or not a real date', async () => {
    const { member, id } = await placed('success');
    await step(id, { step: 'processing' });
    await step(id, SHIPPED);
    const refusals: [string, string][] = [
      [tomorrow(), 'Delivery date cannot be in the future.'],
      [yesterday(), `Delivery date cannot be before the day the order shipped, ${today().split('-').reverse().join('/')}.`],
      ['2026-02-30', 'Delivery date must be a real date, written as YYYY-MM-DD (for example 2026-01-31)'],
    ];
    for (const [deliveredOn, message] of refusals) {
      const refused = await step(id, { step: 'delivered', delivered_on: deliveredOn });
      expect(refused.status, deliveredOn).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await bed.detail(member, id)).fulfilment.step).toBe('shipped');
  });

  it.runIf(available)('moves several orders at once, and says which it could not move and why', async () => {
    const first = await placed('success');
    const second = await placed('success');
    const unpaid = await placed();
    const answer = await bulk(
      ['processing', 'processing', 'processing'].map((s, i) => ({ order_id: [first, second, unpaid][i]!.id, step: s })),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      is_success: true,
      message: `2 orders marked processing. 1 order was not: ${unpaid.id}: This order is not paid yet, so it cannot be processed.`,
      data: {
        updated: [first.id, second.id],
        refused: [{ order_id: unpaid.id, message: 'This order is not paid yet, so it cannot be processed.' }],
      },
    });
    // Each shipment with its own AWB number.
    const shipped = await bulk([
      { order_id: first.id, ...SHIPPED },
      { order_id: second.id, ...SHIPPED, awb_number: '12345678902' },
    ]);
    expect(shipped.body).toMatchObject({ message: '2 orders marked shipped.', data: { updated: [first.id, second.id], refused: [] } });
    expect((await bed.detail(second.member, second.id)).fulfilment.awb_number).toBe('12345678902');
    for (const [body, message] of [
      [{ orders: [] }, 'Choose at least one order'],
      [
        {
          orders: [
            { order_id: first.id, step: 'processing' },
            { order_id: first.id, step: 'processing' },
          ],
        },
        'Each order may appear only once',
      ],
      [
        { orders: [{ order_id: first.id, ...SHIPPED, tracking_url: 'ftp://x.in' }] },
        'Tracking link must be an https:// address, like https://www.bluedart.com/tracking',
      ],
    ] as const) {
      const refused = await bed.orders.json('/admin/fulfilment', { method: 'POST', token: operator.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
  });
});
