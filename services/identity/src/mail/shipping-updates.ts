import { addDays, deliveryDueAfterShipping, formatIndianDay } from '@elts/contracts';
import type { ConfirmedOrder } from './templates.js';
import { letter, orderLink, productLine } from './words.js';

/**
 * What the member is told when their order ships and when it is delivered (docs/decisions/0023): an email, and a
 * text message to their mobile ('Shipping updates will be sent to your registered mobile number'). Plain and short.
 */
export interface ShippingUpdate {
  email: { subject: string; text: string };
  sms: string;
}

export interface Shipped {
  courier: string;
  awbNumber: string;
  trackingUrl: string;
  shippedAt: Date;
}

/** The mail of one shipping update: its news, the order it is about, what else to know, and the way to the order. */
function shippingMail(name: string, order: ConfirmedOrder, siteUrl: string, subject: string, news: string, more: string[]) {
  return letter(name, subject, [
    news,
    '',
    `Order ID: ${order.orderId}`,
    `Product: ${productLine(order.product)}`,
    ...more,
    '',
    `Your order: ${orderLink(siteUrl, order.orderId)}`,
  ]);
}

export function orderShippedUpdate(name: string, order: ConfirmedOrder, shipped: Shipped, siteUrl: string): ShippingUpdate {
  const dueBy = formatIndianDay(deliveryDueAfterShipping(shipped.shippedAt));
  return {
    email: shippingMail(name, order, siteUrl, `Your order ${order.orderId} has shipped`, 'Your order is on its way.', [
      `Courier: ${shipped.courier}`,
      `AWB number: ${shipped.awbNumber}`,
      `Track it: ${shipped.trackingUrl}`,
      '',
      `Expected delivery by ${dueBy} (within 7 business days of shipping).`,
      '',
      // Payments issues the GST tax invoice as the goods ship (docs/decisions/0093); the order page downloads it.
      'Your tax invoice is ready: download it from your order page.',
    ]),
    sms: `ELTS Club: your order ${order.orderId} has shipped with ${shipped.courier}, AWB ${shipped.awbNumber}. Track: ${shipped.trackingUrl} Expected by ${dueBy}.`,
  };
}

/** `exchangeWindowDays`: the orders setting, carried on the delivery's event (docs/decisions/0025). */
export function orderDeliveredUpdate(
  name: string,
  order: ConfirmedOrder,
  delivery: { deliveredOn: string; exchangeWindowDays: number },
  siteUrl: string,
): ShippingUpdate {
  const { deliveredOn, exchangeWindowDays } = delivery;
  const delivered = formatIndianDay(deliveredOn);
  const exchangeUntil = formatIndianDay(addDays(deliveredOn, exchangeWindowDays));
  return {
    email: shippingMail(
      name,
      order,
      siteUrl,
      `Your order ${order.orderId} was delivered`,
      `Your order was delivered on ${delivered}. We hope you enjoy it.`,
      [
        '',
        `If it arrived damaged or defective, or is not what you ordered, you can ask for an exchange until ${exchangeUntil} (${exchangeWindowDays} days from delivery). Our exchange policy: ${siteUrl}/privacy#exchange`,
      ],
    ),
    sms: `ELTS Club: your order ${order.orderId} was delivered on ${delivered}. Exchanges until ${exchangeUntil}: ${siteUrl}/privacy#exchange`,
  };
}
