import type { ServiceName } from '@elts/contracts';

/**
 * Which service owns which public path prefix (section 7 of the spec, plus the sign-in provider, the payment
 * simulator and webhooks). The longest matching prefix wins; a prefix matches whole path segments only.
 */
export const ROUTE_OWNERS: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/user', service: 'identity' },
  { prefix: '/dev/idp', service: 'identity' },
  // What the product mailed, for testers (identity mounts it only outside production, like the sign-in provider).
  { prefix: '/dev/mailbox', service: 'identity' },
  // The text messages it would have sent to members' mobiles (shipping updates), likewise.
  { prefix: '/dev/sms', service: 'identity' },
  { prefix: '/admin/login', service: 'identity' },
  { prefix: '/admin/logout', service: 'identity' },
  { prefix: '/admin/invitations', service: 'identity' },
  // The giveaway's prizes, entries and draw live with the giveaway itself (docs/decisions/0019).
  { prefix: '/admin/giveaway', service: 'identity' },
  { prefix: '/admin/invoices', service: 'payments' },
  { prefix: '/admin/drops', service: 'catalog' },
  { prefix: '/admin/early-access', service: 'catalog' },
  // An operator's fulfilment steps belong to the order's own lifecycle (docs/decisions/0023).
  { prefix: '/admin/fulfilment', service: 'orders' },
  // And an operator's out-of-stock cancellation of a paid order (docs/decisions/0024).
  { prefix: '/admin/order-cancellations', service: 'orders' },
  // So are exchanges: the operators' queue and decisions (docs/decisions/0025).
  { prefix: '/admin/exchanges', service: 'orders' },
  { prefix: '/admin', service: 'admin-bff' },
  { prefix: '/product/order', service: 'orders' },
  { prefix: '/product/orders', service: 'orders' },
  { prefix: '/product', service: 'catalog' },
  { prefix: '/shipping', service: 'orders' },
  { prefix: '/subscription', service: 'payments' },
  { prefix: '/api/subscription', service: 'payments' },
  { prefix: '/pay', service: 'payments' },
  { prefix: '/webhooks', service: 'payments' },
];

const bySpecificity = [...ROUTE_OWNERS].sort((a, b) => b.prefix.length - a.prefix.length);

export function ownerOf(path: string): ServiceName | undefined {
  for (const { prefix, service } of bySpecificity) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return service;
  }
  return undefined;
}
