import { type ExchangeView, type FulfilmentView, formatIndianDay } from '@elts/contracts';

/**
 * The Order Status page's "What's Next" for a paid order (issue 34: it said the same three things after shipping,
 * delivery or an exchange). Each line is about this order, as it stands now: the newest exchange first, then the
 * order's own shipment. A paid order not yet processed keeps the spec's three lines.
 */
export function whatsNext(order: {
  fulfilment: FulfilmentView | null;
  exchanges?: readonly ExchangeView[] | undefined;
  exchange?: { available_until: string | null } | undefined;
}): string[] {
  const exchange = order.exchanges?.at(-1);
  if (exchange) {
    const next = exchangeNext(exchange);
    if (next) return next;
  }
  const fulfilment = order.fulfilment;
  const expected = fulfilment?.expected_delivery_on ? `Expect it by ${formatIndianDay(fulfilment.expected_delivery_on)}.` : undefined;
  switch (fulfilment?.step) {
    case 'processing':
      return [
        'We are preparing your order for the courier.',
        'When it ships, we send the courier and tracking details by email and to your registered mobile number.',
        ...(expected ? [expected] : []),
      ];
    case 'shipped':
      return [
        fulfilment.courier ? `Your order is on its way with ${fulfilment.courier}.` : 'Your order is on its way.',
        ...(expected ? [expected] : []),
        'We will tell you by email and text message when it is delivered.',
      ];
    case 'delivered':
      return [
        fulfilment.delivered_on
          ? `Your order was delivered on ${formatIndianDay(fulfilment.delivered_on)}. We hope you enjoy it.`
          : 'Your order was delivered. We hope you enjoy it.',
        ...(order.exchange?.available_until
          ? [`Something wrong with it? Ask for an exchange above, by ${formatIndianDay(order.exchange.available_until)}.`]
          : []),
      ];
    default:
      return [
        'You will receive an order confirmation by email.',
        'Your order will be processed within 1-2 business days.',
        'Shipping updates will be sent to your registered mobile number.',
      ];
  }
}

/** What comes next for an exchange, or undefined once it is over and the order's own state says the rest. */
function exchangeNext(exchange: ExchangeView): string[] | undefined {
  switch (exchange.state) {
    case 'requested':
    case 'approving':
      return ['We have your exchange request and will mail you our decision.'];
    case 'approved':
      return [
        exchange.ships_by
          ? `Your exchange is approved: the replacement ships by ${formatIndianDay(exchange.ships_by)}.`
          : 'Your exchange is approved: the replacement ships soon.',
        'We send its courier and tracking details by email and to your registered mobile number when it ships.',
      ];
    case 'replacement_shipped': {
      const expected = exchange.replacement?.fulfilment.expected_delivery_on;
      return [
        'Your replacement is on its way.',
        ...(expected ? [`Expect it by ${formatIndianDay(expected)}.`] : []),
        'We will tell you by email and text message when it is delivered.',
      ];
    }
    case 'refunding':
      return [
        'No replacement was in stock, so we are refunding what you paid. We mail you when the refund starts and when it reaches you.',
      ];
    case 'refund_failed':
      return ['The refund for your exchange did not go through. We will make it good and mail you when we do.'];
    case 'refused':
      return [
        'We could not approve your exchange request.',
        ...(exchange.refusal_reason ? [`Our reason: ${exchange.refusal_reason}`] : []),
      ];
    default:
      return undefined;
  }
}
