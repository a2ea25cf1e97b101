import { EXCHANGE_REASON_LABELS, type ExchangeReason, formatIndianDay, formatRupees } from '@elts/contracts';
import { letter, type MailText, orderLink, productLine } from './words.js';

/** What the member is mailed about their exchange (docs/decisions/0025): their request, then its decision. */
export interface ExchangeDecision {
  orderId: string;
  exchangeId: string;
}

function exchangeMail(name: string, decision: ExchangeDecision, siteUrl: string, subject: string, lines: string[]): MailText {
  return letter(name, subject, [
    ...lines,
    '',
    `Order ID: ${decision.orderId}`,
    `Exchange request: ${decision.exchangeId}`,
    `Your order: ${orderLink(siteUrl, decision.orderId)}`,
  ]);
}

/** The request received (issue 34: nothing told the member it had arrived). */
export function exchangeRequestedEmail(
  name: string,
  request: ExchangeDecision & { reason: string; note: string; product: { name: string; brand: string } },
  siteUrl: string,
): MailText {
  const reason = EXCHANGE_REASON_LABELS[request.reason as ExchangeReason] ?? request.reason;
  return exchangeMail(name, request, siteUrl, `We received your exchange request for order ${request.orderId}`, [
    'We received your exchange request. We will look at it and mail you our decision.',
    '',
    `In its place you asked for: ${productLine(request.product)}`,
    `Reason: ${reason}`,
    `What you told us: ${request.note}`,
  ]);
}

export function exchangeApprovedEmail(name: string, decision: ExchangeDecision & { shipsBy: string }, siteUrl: string): MailText {
  return exchangeMail(name, decision, siteUrl, `Your exchange for order ${decision.orderId} is approved`, [
    'We have approved your exchange request.',
    `Your replacement ships by ${formatIndianDay(decision.shipsBy)}; we will send its courier and tracking details when it does.`,
  ]);
}

export function exchangeRefusedEmail(name: string, decision: ExchangeDecision & { reason: string }, siteUrl: string): MailText {
  return exchangeMail(name, decision, siteUrl, `About your exchange request for order ${decision.orderId}`, [
    'We are sorry: we could not approve your exchange request.',
    `Reason: ${decision.reason}`,
    '',
    'If you have questions, write to us from the Contact tab of our policies page.',
  ]);
}

export function exchangeRefundedEmail(name: string, decision: ExchangeDecision & { amountPaise: number }, siteUrl: string): MailText {
  return exchangeMail(name, decision, siteUrl, `Your exchange for order ${decision.orderId}: a refund`, [
    'We approved your exchange request, but the replacement is out of stock.',
    `So we are refunding ${formatRupees(decision.amountPaise)} to your original payment method. We will mail you when the refund starts and when it reaches you.`,
  ]);
}
