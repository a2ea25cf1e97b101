/** The product-order states of `/order` (issue 6). Placeholder until that screens land. */
export function ProductOrderStatus(_props: { orderId: string }) {
  return null;
}
