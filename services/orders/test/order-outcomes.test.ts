import { randomUUID } from 'node:crypto';
import { COPY } from '@elts/contracts';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order, startTestbed } from './testbed.js';

describe.each(DATABASE_KINDS)('what a member is told about an order on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;

  beforeAll(async () => {
    if (available) bed = await startTestbed(kind, { 'PRD-HEAD': { stock: 100 }, 'PRD-LAST': { stock: 1 } });
  });
  afterAll(async () => bed?.close());

  const history = async (member: { token: string }, status: string) =>
    (await bed.orders.json(`/product/orders/user?page=1&limit=10&status=${status}`, { token: member.token })).body.data.orders.map(
      (card: { order_id: string; status: string }) => [card.order_id, card.status],
    );

  describe('a payment the shopper cancelled at checkout', () => {
    it.runIf(available)('is a cancelled order, not a failed one, and gives back its stock and credit', async () => {
      const member = await bed.subscriber();
      const id = (await bed.place(member, order('PRD-LAST'))).body.data.order_id;
      expect(bed.catalog.available('PRD-LAST')).toBe(0);
      await bed.settle(member, id, 'cancelled');
      expect(await bed.detail(member, id)).toMatchObject({
        status: 'cancelled',
        error: COPY.orderPage.cancelled,
        payment_status: 'failed',
      });
      expect(bed.catalog.holds.get(id)?.state).toBe('released');
      expect(bed.catalog.available('PRD-LAST')).toBe(1);
      expect(bed.payments.credit.get(id)?.released).toBe(true);
      const stages = await sql<{ stage: string }>`
        select data->>'stage' as stage from events where type = 'OrderFailed' and stream_id = ${`order-${id}`}`.execute(bed.orders.db);
      expect(stages.rows).toEqual([{ stage: 'cancelled' }]);
      // In the history: its own status, under All and under Failed (the spec's filters have no Cancelled).
      expect(await history(member, 'all')).toEqual([[id, 'cancelled']]);
      expect(await history(member, 'failed')).toEqual([[id, 'cancelled']]);
      expect(await history(member, 'cancelled')).toEqual([[id, 'cancelled']]);
      expect(await history(member, 'pending')).toEqual([]);
    });

    it.runIf(available)('is found cancelled by Check Latest Status too, before the payment event arrives', async () => {
      const member = await bed.subscriber();
      const id = (await bed.place(member, order('PRD-HEAD'))).body.data.order_id;
      bed.payments.settle(id, 'failed', false, true);
      const { body } = await bed.orders.json(`/product/order/${id}/gateway-status`, { token: member.token });
      expect(body).toMatchObject({ message: 'Status updated: CANCELLED', data: { status: 'cancelled', error: COPY.orderPage.cancelled } });
    });

    it.runIf(available)(
      'is refunded if the shopper pays after all on the same checkout: its unit went back when they cancelled',
      async () => {
        const member = await bed.subscriber();
        const id = (await bed.place(member, order('PRD-HEAD'))).body.data.order_id;
        await bed.settle(member, id, 'cancelled');
        await bed.announce(member, id, 'success');
        await expect.poll(() => bed.payments.payments.get(id)?.refunded).toBe(true);
        expect(bed.catalog.holds.get(id)?.state).toBe('released');
        expect((await bed.detail(member, id)).status).toBe('cancelled');
      },
    );
  });

  describe('the payment of an order', () => {
    it.runIf(available)('is on the order page once paid: its status, method, transaction id and time', async () => {
      const member = await bed.subscriber();
      const id = (await bed.place(member, order('PRD-HEAD'))).body.data.order_id;
      await bed.settle(member, id, 'success');
      const paid = await bed.detail(member, id);
      const paymentId = bed.payments.payments.get(id)!.paymentId;
      expect(paid).toMatchObject({
        status: 'completed',
        payment_status: 'success',
        payment_info: {
          payment_id: paymentId,
          status: 'success',
          transaction_id: `txn-${paymentId}`,
          payment_method: 'upi',
          processed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        transaction_id: `txn-${paymentId}`,
        payment_method: 'upi',
      });
    });

    it.runIf(available)('is pending while the order waits for it', async () => {
      const member = await bed.subscriber();
      const id = (await bed.place(member, order('PRD-HEAD'))).body.data.order_id;
      expect(await bed.detail(member, id)).toMatchObject({
        payment_status: 'pending',
        payment_info: { status: 'pending', transaction_id: null, payment_method: null, processed_at: null },
      });
    });
  });

  describe('an Idempotency-Key', () => {
    const KEY_REUSED = 'This Idempotency-Key was already used for a different order.';

    it.runIf(available)('sent again with a different order is refused, not answered with the first order', async () => {
      const member = await bed.subscriber({ profession: 'business', gst: '27AAPFU0939F1ZV' });
      const key = `key-${randomUUID()}`;
      const first = await bed.place(member, order('PRD-HEAD'), { 'idempotency-key': key });
      expect(first.status).toBe(200);
      const other = await bed.place(member, order('PRD-HEAD', { quantity: 2 }), { 'idempotency-key': key });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ is_success: false, message: KEY_REUSED });
      const elsewhere = await bed.place(
        member,
        order('PRD-HEAD', { shipping_address: { ...order('PRD-HEAD').shipping_address, address: '14 MG Road' } }),
        { 'idempotency-key': key },
      );
      expect(elsewhere.status).toBe(409);
      expect((await bed.ordersOf(member.memberId)).map((row) => row.order_id)).toEqual([first.body.data.order_id]);
    });

    it.runIf(available)('sent again with the same order, its fields in another order or spaced otherwise, answers the first', async () => {
      const member = await bed.subscriber();
      const key = `key-${randomUUID()}`;
      const body = order('PRD-HEAD');
      const first = await bed.place(member, body, { 'idempotency-key': key });
      const reordered = Object.fromEntries(Object.entries({ ...body, first_name: ' Asha ' }).reverse());
      const again = await bed.place(member, reordered, { 'idempotency-key': key });
      expect(again.status).toBe(200);
      expect(again.body.data.order_id).toBe(first.body.data.order_id);
    });

    it.runIf(available)('is refused with another order even while the first is still being placed', async () => {
      const member = await bed.subscriber({ profession: 'business', gst: '27AAPFU0939F1ZV' });
      const key = `key-${randomUUID()}`;
      const [a, b] = await Promise.all([
        bed.place(member, order('PRD-HEAD'), { 'idempotency-key': key }),
        bed.place(member, order('PRD-HEAD', { quantity: 3 }), { 'idempotency-key': key }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a, b].find((answer) => answer.status === 409)!.body.message).toBe(KEY_REUSED);
      expect(await bed.ordersOf(member.memberId)).toHaveLength(1);
    });
  });
});
