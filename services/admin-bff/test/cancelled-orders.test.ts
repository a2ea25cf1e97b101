import { orderCompletedEvent, orderFailedEvent, orderPlacedEvent, orderRefundedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { record, registerMember, settled, useAdminBff } from './helpers.js';

// A shopper who calls the payment off at checkout leaves a cancelled order (orders records it as OrderFailed at the
// stage 'cancelled'): the back office's Status filter must find it under cancelled, not failed.
describe.each(DATABASE_KINDS)('an order the shopper cancelled, in the back office on %s', (kind) => {
  const { available, bff } = useAdminBff(kind);

  it.runIf(available)('is listed under cancelled, and a declined one under failed', async () => {
    const memberId = await registerMember(bff.harness, { memberNumber: 1, firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' });
    const events = (orderId: string, stage: 'cancelled' | 'payment') => [
      orderPlacedEvent(orderId, { memberId }),
      orderFailedEvent(orderId, { memberId, stage, reason: stage === 'cancelled' ? 'You cancelled this payment.' : 'Declined' }),
    ];
    await record(bff.harness, 'orders', 'order-ORD-CANCELLED1', events('ORD-CANCELLED1', 'cancelled'));
    await record(bff.harness, 'orders', 'order-ORD-DECLINED01', events('ORD-DECLINED01', 'payment'));
    await settled(bff.harness, bff.admin);
    const ids = async (status: string) =>
      (await bff.harness.json(`/admin/product-orders?status=${status}`, { token: bff.admin.token })).body.orders.map(
        (order: { orderId: string; status: string }) => [order.orderId, order.status],
      );
    expect(await ids('cancelled')).toEqual([['ORD-CANCELLED1', 'cancelled']]);
    expect(await ids('failed')).toEqual([['ORD-DECLINED01', 'failed']]);
  });

  it.runIf(available)('drops a paid order that was refunded from the queue of orders waiting to be processed', async () => {
    const memberId = await registerMember(bff.harness, { memberNumber: 2, firstname: 'Ravi', lastname: 'Nair', email: 'ravi@example.in' });
    const paid = (orderId: string) => [
      orderPlacedEvent(orderId, { memberId }),
      orderCompletedEvent(orderId, { memberId, amountPaise: 49_900 }),
    ];
    await record(bff.harness, 'orders', 'order-ORD-KEPTPAID01', paid('ORD-KEPTPAID01'));
    await record(bff.harness, 'orders', 'order-ORD-REFUNDED01', [
      ...paid('ORD-REFUNDED01'),
      orderRefundedEvent('ORD-REFUNDED01', { memberId, amountPaise: 49_900 }),
    ]);
    await settled(bff.harness, bff.admin);
    const waiting = (await bff.harness.json('/admin/product-orders?fulfilment=paid', { token: bff.admin.token })).body.orders.map(
      (order: { orderId: string }) => order.orderId,
    );
    expect(waiting).toContain('ORD-KEPTPAID01');
    expect(waiting).not.toContain('ORD-REFUNDED01');
  });
});
