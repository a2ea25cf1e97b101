import {
  orderCompletedEvent,
  orderDeliveredEvent,
  orderPlacedEvent,
  orderProcessingStartedEvent,
  orderShippedEvent,
} from '@elts/contracts/testing';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { byOperator, OPERATOR, record, registerMember, settled, useAdminBff } from './helpers.js';

/**
 * Fulfilment in the back office (docs/decisions/0023): the Orders list shows each paid order's step with its
 * courier's details and can be filtered by step; each operator's step is in the audit log with who took it; the
 * order's status stays the spec's (`completed`), so the stat cards do not change.
 */
describe.each(DATABASE_KINDS)('fulfilment in the back office on %s', (kind) => {
  const { available, bff, call } = useAdminBff(kind);

  it.runIf(available)('lists each order at its step, filters by step, and audits the operator’s steps', async () => {
    const memberId = await registerMember(bff.harness, { memberNumber: 1, firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' });
    const order = (id: string) => [orderPlacedEvent(id, { memberId }), orderCompletedEvent(id, { memberId })];
    await record(bff.harness, 'orders', 'order-ORD-UNPAID000001', [orderPlacedEvent('ORD-UNPAID000001', { memberId })]);
    await record(bff.harness, 'orders', 'order-ORD-PAID00000001', order('ORD-PAID00000001'));
    await record(bff.harness, 'orders', 'order-ORD-SHIPPED00001', [
      ...order('ORD-SHIPPED00001'),
      byOperator(orderProcessingStartedEvent('ORD-SHIPPED00001', { memberId })),
      byOperator(orderShippedEvent('ORD-SHIPPED00001', { memberId, awbNumber: '77777777777' })),
    ]);
    await record(bff.harness, 'orders', 'order-ORD-DELIVERED001', [
      ...order('ORD-DELIVERED001'),
      byOperator(orderProcessingStartedEvent('ORD-DELIVERED001', { memberId })),
      byOperator(orderShippedEvent('ORD-DELIVERED001', { memberId })),
      byOperator(orderDeliveredEvent('ORD-DELIVERED001', { memberId, deliveredOn: '2026-11-20' })),
    ]);
    await settled(bff.harness, bff.admin);

    const list = await call('/admin/product-orders');
    const steps = Object.fromEntries(
      list.orders.map((row: { orderId: string; status: string; fulfilment: { step: string } | null }) => [
        row.orderId,
        [row.status, row.fulfilment?.step ?? null],
      ]),
    );
    expect(steps).toEqual({
      'ORD-UNPAID000001': ['pending', null],
      'ORD-PAID00000001': ['completed', 'paid'],
      'ORD-SHIPPED00001': ['completed', 'shipped'],
      'ORD-DELIVERED001': ['completed', 'delivered'],
    });
    const shipped = list.orders.find((row: { orderId: string }) => row.orderId === 'ORD-SHIPPED00001');
    expect(shipped.fulfilment).toMatchObject({
      courier: 'Blue Dart',
      awbNumber: '77777777777',
      trackingUrl: 'https://www.bluedart.com/tracking?awb=12345678901',
      shippedAt: expect.stringMatching(/^\d{4}-/),
      deliveredOn: null,
    });
    expect(list.orders.find((row: { orderId: string }) => row.orderId === 'ORD-DELIVERED001').fulfilment.deliveredOn).toBe('2026-11-20');

    // Operators find the orders waiting at a step; the stat cards count them by the spec's status as before.
    const waiting = await call('/admin/product-orders?fulfilment=paid');
    expect(waiting.orders.map((row: { orderId: string }) => row.orderId)).toEqual(['ORD-PAID00000001']);
    expect(await call('/admin/product-orders/stats?fulfilment=shipped')).toMatchObject({ data: { totalOrders: 1, completedOrders: 1 } });
    expect(await call('/admin/product-orders/stats')).toMatchObject({ data: { totalOrders: 4, completedOrders: 3, pendingOrders: 1 } });
    const bad = await bff.harness.json('/admin/product-orders?fulfilment=lost', { token: bff.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Fulfilment must be one of: paid, processing, shipped, delivered.');

    const audit = (await call('/admin/audit?limit=100')).data.filter((entry: { target: string }) => entry.target === 'ORD-DELIVERED001');
    expect(audit.map((entry: { actor: string; action: string }) => [entry.actor, entry.action]).sort()).toEqual([
      [OPERATOR, 'order.delivered'],
      [OPERATOR, 'order.processing'],
      [OPERATOR, 'order.shipped'],
    ]);
    const delivered = audit.find((entry: { action: string }) => entry.action === 'order.delivered');
    expect(delivered.before).toMatchObject({ fulfilment_step: 'shipped', delivered_on: null });
    expect(delivered.after).toMatchObject({ fulfilment_step: 'delivered', delivered_on: '2026-11-20', awb_number: '12345678901' });
  });

  it.runIf(available)('audits only operators: a step recorded by anything else is no admin write', async () => {
    const memberId = await registerMember(bff.harness, { memberNumber: 2, firstname: 'Ravi', lastname: 'Iyer', email: 'ravi@example.in' });
    await record(bff.harness, 'orders', 'order-ORD-SYSTEM000001', [
      orderPlacedEvent('ORD-SYSTEM000001', { memberId }),
      orderCompletedEvent('ORD-SYSTEM000001', { memberId }),
      { ...orderProcessingStartedEvent('ORD-SYSTEM000001', { memberId }), metadata: { actor: 'system:import' } },
    ]);
    await settled(bff.harness, bff.admin);
    const audit = (await call('/admin/audit?limit=100')).data;
    expect(audit.filter((entry: { target: string }) => entry.target === 'ORD-SYSTEM000001')).toEqual([]);
    const row = (await call('/admin/product-orders?searchTerm=ORD-SYSTEM000001')).orders[0];
    expect(row.fulfilment.step).toBe('processing');
  });
});
