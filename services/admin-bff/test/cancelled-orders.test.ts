import { orderFailedEvent, orderPlacedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, registerMember, settled, startAdminBff } from './helpers.js';

// A shopper who calls the payment off at checkout leaves a cancelled order (orders records it as OrderFailed at the
// stage 'cancelled'): the back office's Status filter must find it under cancelled, not failed.
describe.each(DATABASE_KINDS)('an order the shopper cancelled, in the back office on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };

  beforeAll(async () => {
    if (available) ({ harness, admin } = await startAdminBff(kind));
  });
  afterAll(async () => harness?.close());

  it.runIf(available)('is listed under cancelled, and a declined one under failed', async () => {
    const memberId = await registerMember(harness, { memberNumber: 1, firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' });
    const events = (orderId: string, stage: 'cancelled' | 'payment') => [
      orderPlacedEvent(orderId, { memberId }),
      orderFailedEvent(orderId, { memberId, stage, reason: stage === 'cancelled' ? 'You cancelled this payment.' : 'Declined' }),
    ];
    await record(harness, 'orders', 'order-ORD-CANCELLED1', events('ORD-CANCELLED1', 'cancelled'));
    await record(harness, 'orders', 'order-ORD-DECLINED01', events('ORD-DECLINED01', 'payment'));
    await settled(harness, admin);
    const ids = async (status: string) =>
      (await harness.json(`/admin/product-orders?status=${status}`, { token: admin.token })).body.orders.map(
        (order: { orderId: string; status: string }) => [order.orderId, order.status],
      );
    expect(await ids('cancelled')).toEqual([['ORD-CANCELLED1', 'cancelled']]);
    expect(await ids('failed')).toEqual([['ORD-DECLINED01', 'failed']]);
  });
});
