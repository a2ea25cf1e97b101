import { indianDate, rupeesInText } from '@elts/contracts';

/** What the member is mailed when an operator cancels their paid order as out of stock (docs/decisions/0024). */
export function outOfStockEmail(
  name: string,
  order: { orderId: string; amountPaise: number; choiceBy: string },
  siteUrl: string,
): { subject: string; text: string } {
  const amount = rupeesInText(order.amountPaise);
  return {
    subject: `Your order ${order.orderId} is out of stock: choose your refund`,
    text: [
      name.trim() ? `Hi ${name.trim()},` : 'Hi,',
      '',
      'We are sorry: the product you ordered is out of stock, so we have cancelled your order.',
      `Choose how you get your ${amount} back: a fund transfer to your original payment method, or credits added to your membership credit.`,
      `Choose here by ${indianDate(new Date(order.choiceBy))}: ${siteUrl}/order?order_id=${encodeURIComponent(order.orderId)}`,
      'If you do not choose by then, we refund it to your original payment method. Refunds reach you within 15 days.',
      '',
      `Order ID: ${order.orderId}`,
      '',
      'The ELTS Club team',
    ].join('\n'),
  };
}
