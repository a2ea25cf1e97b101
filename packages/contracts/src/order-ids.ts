/**
 * How each kind of order id is minted: the orders service names a product order `ORD-` and twelve hex digits, the
 * payments service names a membership (its mandate's first order) `MEM-` and twelve hex digits. The prefix is what
 * lets /order know which service to ask about an id that came from a link, with nothing else to go on.
 */
export const ORDER_ID_PREFIXES = { product: 'ORD-', subscription: 'MEM-' } as const;

export type OrderKind = keyof typeof ORDER_ID_PREFIXES;

/** The kind an order id was minted as, or undefined for an id neither service mints. */
export function orderKindOf(orderId: string): OrderKind | undefined {
  const id = orderId.trim().toUpperCase();
  if (id.startsWith(ORDER_ID_PREFIXES.product)) return 'product';
  if (id.startsWith(ORDER_ID_PREFIXES.subscription)) return 'subscription';
  return undefined;
}
