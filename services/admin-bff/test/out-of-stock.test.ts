import { orderCompletedEvent, orderPlacedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { OPERATOR, record, registerMember, settled, useAdminBff } from './helpers.js';

/**
 * An order cancelled as out of stock in the back office (docs/decisions/0024): the Orders list shows it cancelled,
 * out of the fulfilment queue, with where its refund stands; the operator who cancelled it is in the audit log.
 */
describe.each(DATABASE_KINDS)('out-of-stock cancellation in the back office on %s', (kind) => {
  const { available, bff, call } = useAdminBff(kind);

  it.runIf(available)('lists the cancelled order with its refund, and audits the operator', async () => {
    const memberId = await registerMember(bff.harness, { memberNumber: 1, firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' });
    const id = 'ORD-OUTOFSTOCK01';
    const choiceBy = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const cancelled = {
      type: 'OrderCancelledOutOfStock',
      data: { orderId: id, memberId, productId: 'PRD-1', amountPaise: 117_882, creditPaise: 0, reason: 'Out of stock', choiceBy },
      metadata: { actor: OPERATOR },
    };
    await record(bff.harness, 'orders', `order-${id}`, [
      orderPlacedEvent(id, { memberId }),
      orderCompletedEvent(id, { memberId }),
      cancelled,
    ]);
    await record(bff.harness, 'orders', 'order-ORD-KEPT00000001', [
      orderPlacedEvent('ORD-KEPT00000001', { memberId }),
      orderCompletedEvent('ORD-KEPT00000001', { memberId }),
    ]);
    await settled(bff.harness, bff.admin);

    const row = () => call(`/admin/product-orders?searchTerm=${id}`).then((body) => body.orders[0]);
    expect(await row()).toMatchObject({
      status: 'cancelled',
      fulfilment: null,
      refund: { state: 'awaiting_choice', choice: null, choiceBy },
    });
    expect((await call('/admin/product-orders?searchTerm=ORD-KEPT00000001')).orders[0].refund).toBeNull();
    expect((await call('/admin/product-orders?fulfilment=paid')).orders.map((order: { orderId: string }) => order.orderId)).toEqual([
      'ORD-KEPT00000001',
    ]);
    expect(await call('/admin/product-orders/stats')).toMatchObject({ data: { totalOrders: 2, completedOrders: 1 } });

    const audit = (await call('/admin/audit?limit=100')).data.filter((entry: { target: string }) => entry.target === id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: OPERATOR,
      action: 'order.cancelled_out_of_stock',
      before: { status: 'completed', fulfilment_step: 'paid', refund_state: null },
      after: { status: 'cancelled', refund_state: 'awaiting_choice', amountPaise: 117_882 },
    });

    await record(bff.harness, 'orders', `order-${id}`, [
      {
        type: 'OrderRefundChosen',
        data: { orderId: id, memberId, choice: 'credits', by: 'member' },
        metadata: { actor: `member:${memberId}` },
      },
    ]);
    await settled(bff.harness, bff.admin);
    expect((await row()).refund).toMatchObject({ state: 'refunding', choice: 'credits' });
    await record(bff.harness, 'orders', `order-${id}`, [
      {
        type: 'OrderRefunded',
        data: { orderId: id, memberId, refundId: `CR-${id}`, amountPaise: 117_882, reason: 'Out of stock', method: 'credits' },
      },
    ]);
    await settled(bff.harness, bff.admin);
    expect((await row()).refund).toMatchObject({ state: 'refunded', choice: 'credits' });
    // A refund the gateway failed afterwards shows as failed (the operator must act); a success changes nothing.
    const settles = (outcome: string) => ({ type: 'OrderRefundSettled', data: { orderId: id, memberId, refundId: `RF-${id}`, outcome } });
    await record(bff.harness, 'orders', `order-${id}`, [settles('success')]);
    await settled(bff.harness, bff.admin);
    expect((await row()).refund).toMatchObject({ state: 'refunded' });
    await record(bff.harness, 'orders', `order-${id}`, [settles('failed')]);
    await settled(bff.harness, bff.admin);
    expect((await row()).refund).toMatchObject({ state: 'refund_failed' });
    // Only the operator's cancellation is an admin write.
    expect((await call('/admin/audit?limit=100')).data.filter((entry: { target: string }) => entry.target === id)).toHaveLength(1);
  });
});
