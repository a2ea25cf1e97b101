import { orderCompletedEvent, orderPlacedEvent, orderShippedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { byOperator, OPERATOR, record, registerMember, settled, useAdminBff } from './helpers.js';

/**
 * Exchanges in the audit log (docs/decisions/0025): an operator's approval, refusal and the refund an approval led
 * to, and each step of a replacement's shipment, with who took it; the order's row keeps its own shipment's step.
 */
describe.each(DATABASE_KINDS)('exchanges in the audit log on %s', (kind) => {
  const { available, bff } = useAdminBff(kind);

  it.runIf(available)('records each decision and each replacement step with the operator as its actor', async () => {
    const memberId = await registerMember(bff.harness, { memberNumber: 3, firstname: 'Asha', lastname: 'Rao', email: 'asha.x@example.in' });
    const id = 'ORD-EXCHANGE0001';
    const exchange = (n: number) => ({ orderId: id, memberId, exchangeId: `${id}-X${n}` });
    const asked = (n: number) => ({
      type: 'ExchangeRequested',
      data: {
        ...exchange(n),
        shipment: 1,
        reason: 'damaged',
        note: 'Cracked lid.',
        productId: 'PRD-1',
        product: { name: 'Kettle', brand: 'Prestige', images: [] },
      },
      metadata: { actor: `member:${memberId}` },
    });
    await record(bff.harness, 'orders', `order-${id}`, [
      orderPlacedEvent(id, { memberId }),
      orderCompletedEvent(id, { memberId }),
      asked(1),
      byOperator({ type: 'ExchangeRefused', data: { ...exchange(1), reason: 'The photo shows no damage.' } }),
      asked(2),
      byOperator({ type: 'ExchangeApproved', data: { ...exchange(2), shipment: 2, productId: 'PRD-1', shipsBy: '2026-12-11' } }),
      byOperator(orderShippedEvent(id, { memberId, shipment: 2, awbNumber: '98765432101' })),
    ]);
    await settled(bff.harness, bff.admin);

    const audit = (await bff.harness.json('/admin/audit?limit=100', { token: bff.admin.token })).body.data;
    const ours = audit.filter((entry: { target: string }) => entry.target.startsWith(id));
    expect(
      ours.map((entry: { actor: string; action: string; target: string }) => [entry.actor, entry.action, entry.target]).sort(),
    ).toEqual([
      [OPERATOR, 'exchange.approved', `${id}-X2`],
      [OPERATOR, 'exchange.refused', `${id}-X1`],
      [OPERATOR, 'order.replacement.shipped', id],
    ]);
    expect(ours.find((entry: { action: string }) => entry.action === 'exchange.refused').after).toEqual({
      state: 'refused',
      reason: 'The photo shows no damage.',
    });
    // The order's own row is not moved by its replacement's steps.
    const row = (await bff.harness.json(`/admin/product-orders?searchTerm=${id}`, { token: bff.admin.token })).body.orders[0];
    expect(row.fulfilment.step).toBe('paid');
  });
});
