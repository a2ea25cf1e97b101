import { OPERATIONS, type OperationSpec } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../src/routes.js';

describe('gateway route owners, from the operation table', () => {
  it.each([
    ['/user/login', 'identity'],
    ['/user/get-profile', 'identity'],
    ['/dev/idp/id-token', 'identity'],
    ['/dev/mailbox', 'identity'],
    ['/admin/login', 'identity'],
    ['/admin/users', 'admin-bff'],
    ['/admin/drops', 'catalog'],
    ['/admin/drops/d-1', 'catalog'],
    ['/admin/early-access/a%40b.in', 'catalog'],
    ['/admin/payments/timeout-analysis', 'admin-bff'],
    ['/product/list', 'catalog'],
    ['/product/abc123/variants', 'catalog'],
    ['/product/create', 'catalog'],
    ['/product/toggle-status/9', 'catalog'],
    ['/product/order', 'orders'],
    ['/product/order/ord_1/gateway-status', 'orders'],
    ['/product/orders/user', 'orders'],
    ['/shipping/bluedart/pincode/403001', 'orders'],
    ['/subscription/current', 'payments'],
    ['/api/subscription/details', 'payments'],
    ['/pay/simulator/sessions/s1', 'payments'],
    ['/webhooks/cashfree', 'payments'],
    ['/webhooks/whatsapp', 'identity'],
  ])('%s goes to %s', (path, service) => {
    expect(ownerOf(path)).toBe(service);
  });

  it.each([
    '/internal/sessions/resolve',
    '/internal/orders/o1',
    '/users',
    '/productx/list',
    '/administrator',
    '/',
    '/about',
    '/admin/dropsy',
    '/api/openapi.json',
  ])('%s has no owning service', (path) => {
    expect(ownerOf(path)).toBeUndefined();
  });

  // The first operation whose path matches wins, whatever its method: a literal path one service serves must not fall
  // under another service's parameter (GET /admin/drops/waitlists went to the catalog's DELETE /admin/drops/:id).
  it("sends every public operation's own path to its owner", () => {
    const misrouted = (OPERATIONS as readonly OperationSpec[])
      .filter((op) => op.access !== 'internal')
      .map((op) => ({ op, path: op.path.replace(/:\w+/g, 'p1') }))
      .filter(({ op, path }) => ownerOf(path) !== op.owner)
      .map(({ op, path }) => `${op.method} ${op.path} (${op.owner}) goes to ${ownerOf(path)}`);
    expect(misrouted).toEqual([]);
  });

  it('matches whole segments only', () => {
    expect(ownerOf('/product/orderly')).toBeUndefined();
    expect(ownerOf('/product/order/')).toBe('orders');
    expect(ownerOf('/usera')).toBeUndefined();
    expect(ownerOf('/internal/anything')).toBeUndefined();
  });
});
