import { formatIndianDay, rupeesInText } from '@elts/contracts';

/** What the member is mailed when an operator decides their exchange (docs/decisions/0025). Plain and short. */
export interface ExchangeDecision {
  orderId: string;
  exchangeId: string;
}

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

function exchangeMail(name: string, decision: ExchangeDecision, siteUrl: string, subject: string, lines: string[]) {
  return {
    subject,
    text: [
      greeting(name),
      '',
      ...lines,
      '',
      `Order ID: ${decision.orderId}`,
      `Exchange request: ${decision.exchangeId}`,
      `Your order: ${siteUrl}/order?order_id=${encodeURIComponent(decision.orderId)}`,
      '',
      'The ELTS Club team',
    ].join('\n'),
  };
}

export function exchangeApprovedEmail(name: string, decision: ExchangeDecision & { shipsBy: string }, siteUrl: string) {
  return exchangeMail(name, decision, siteUrl, `Your exchange for order ${decision.orderId} is approved`, [
    'We have approved your exchange request.',
    `Your replacement ships by ${formatIndianDay(decision.shipsBy)}; we will send its courier and tracking details when it does.`,
  ]);
}

export function exchangeRefusedEmail(name: string, decision: ExchangeDecision & { reason: string }, siteUrl: string) {
  return exchangeMail(name, decision, siteUrl, `About your exchange request for order ${decision.orderId}`, [
    'We are sorry: we could not approve your exchange request.',
    `Reason: ${decision.reason}`,
    '',
    'If you have questions, write to us from the Contact tab of our policies page.',
  ]);
}

export function exchangeRefundedEmail(name: string, decision: ExchangeDecision & { amountPaise: number }, siteUrl: string) {
  return exchangeMail(name, decision, siteUrl, `Your exchange for order ${decision.orderId}: a refund`, [
    'We approved your exchange request, but the replacement is out of stock.',
    `So we are refunding ${rupeesInText(decision.amountPaise)} to your original payment method, within 15 days.`,
  ]);
}
