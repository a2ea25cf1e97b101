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
  { prefix: '/admin/login', service: 'identity' },
  { prefix: '/admin/logout', service: 'identity' },
  { prefix: '/admin/invitations', service: 'identity' },
  { prefix: '/admin/invoices', service: 'payments' },
  { prefix: '/admin/drops', service: 'catalog' },
  { prefix: '/admin/early-access', service: 'catalog' },
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
