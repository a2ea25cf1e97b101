import { formatRupees, indianDate, MEMBERSHIP_CREDIT, orderKindOf } from '@elts/contracts';
import { letter, type MailText, orderLink } from './words.js';

/**
 * Mails about money going back (docs/decisions/0024, issue 34): an out-of-stock order's choice to make and the
 * choice made, then the refund itself, whatever asked for it (an out-of-stock order, an exchange with no
 * replacement, a payment that came too late to be honoured, a membership payment that buys nothing): when it starts
 * at the payment gateway and when it reaches the member; or the credits given instead.
 */

/** Refunds reach the member within this many days (spec section 9: out-of-stock refunds within 15 days). */
export const REFUND_WITHIN_DAYS = 15;

/** What the money was for, as a sentence's end names it. */
const paidFor = (orderId: string) =>
  orderKindOf(orderId) === 'subscription' ? 'your ELTS Club membership payment' : `your order ${orderId}`;

/** A reason as a sentence: 'Out of stock when the payment arrived' → 'Out of stock when the payment arrived.' */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The links that end a refund's mail: the order's page for an order, the membership's for a membership payment. */
const whereToSee = (orderId: string, siteUrl: string) =>
  orderKindOf(orderId) === 'subscription'
    ? `Your membership: ${siteUrl}/profile?section=subscription`
    : `Your order: ${orderLink(siteUrl, orderId)}`;

/**
 * What the member is mailed when an operator cancels their paid order as out of stock: choose how the money comes
 * back; or, when credits were not offered (they need an active membership), that it goes back to where it came from.
 */
export function outOfStockEmail(
  name: string,
  order: { orderId: string; amountPaise: number; choiceBy: string; creditsOffered: boolean },
  siteUrl: string,
): MailText {
  const amount = formatRupees(order.amountPaise);
  const sorry = 'We are sorry: the product you ordered is out of stock, so we have cancelled your order.';
  const footer = ['', `Order ID: ${order.orderId}`];
  if (!order.creditsOffered)
    return letter(name, `Your order ${order.orderId} is out of stock: your refund`, [
      sorry,
      `Credits can only be spent with an active membership, and yours is not active, so we are refunding your ${amount} to your original payment method.`,
      `We will mail you when the refund starts and when it reaches you, within ${REFUND_WITHIN_DAYS} days.`,
      `Your order: ${orderLink(siteUrl, order.orderId)}`,
      ...footer,
    ]);
  return letter(name, `Your order ${order.orderId} is out of stock: choose your refund`, [
    sorry,
    `Choose how you get your ${amount} back: a fund transfer to your original payment method, or credits added to your membership credit.`,
    `Choose here by ${indianDate(new Date(order.choiceBy))}: ${orderLink(siteUrl, order.orderId)}`,
    `If you do not choose by then, we refund it to your original payment method. Refunds reach you within ${REFUND_WITHIN_DAYS} days.`,
    ...footer,
  ]);
}

/**
 * The choice made, by the member on the order's page or by the deadline passing (issue 34: nothing confirmed it). A
 * fund transfer chosen because credits were not offered is not mailed: the cancellation's mail said so already.
 */
export function refundChoiceEmail(
  name: string,
  choice: { orderId: string; choice: 'fund_transfer' | 'credits'; by: 'member' | 'deadline'; amountPaise: number },
  siteUrl: string,
): MailText {
  const amount = formatRupees(choice.amountPaise);
  const lines =
    choice.choice === 'credits'
      ? [`You chose credits: ${amount} is added to your membership credit. We will mail you as soon as it is there.`]
      : [
          choice.by === 'member'
            ? `You chose a fund transfer: we are refunding ${amount} to your original payment method.`
            : `You did not choose in time, so we are refunding ${amount} to your original payment method, as we said we would.`,
          `We will mail you when the refund starts and when it reaches you, within ${REFUND_WITHIN_DAYS} days.`,
        ];
  return letter(name, `Your refund for order ${choice.orderId}`, [
    ...lines,
    '',
    `Order ID: ${choice.orderId}`,
    `Your order: ${orderLink(siteUrl, choice.orderId)}`,
  ]);
}

/** The refund under way at the payment gateway (payments' RefundRequested): money on its way, not yet arrived. */
export function refundStartedEmail(
  name: string,
  refund: { orderId: string; refundId: string; amountPaise: number; reason: string },
  siteUrl: string,
): MailText {
  const amount = formatRupees(refund.amountPaise);
  return letter(name, `Your refund of ${amount} has started`, [
    `We have started a refund of ${amount} for ${paidFor(refund.orderId)}, to your original payment method.`,
    `Why: ${sentence(refund.reason)}`,
    '',
    `It reaches you within ${REFUND_WITHIN_DAYS} days. We will mail you again when it does.`,
    '',
    `Refund ID: ${refund.refundId}`,
    whereToSee(refund.orderId, siteUrl),
  ]);
}

/** The refund made (payments' PaymentRefunded: the gateway says the money went back). */
export function refundMadeEmail(
  name: string,
  refund: { orderId: string; refundId: string; amountPaise: number },
  madeOn: Date,
  siteUrl: string,
): MailText {
  const amount = formatRupees(refund.amountPaise);
  return letter(name, `Your refund of ${amount} has been made`, [
    `Your refund of ${amount} for ${paidFor(refund.orderId)} was made to your original payment method on ${indianDate(madeOn)}.`,
    'Your bank may take a day or two to show it in your account.',
    '',
    `Refund ID: ${refund.refundId}`,
    whereToSee(refund.orderId, siteUrl),
  ]);
}

/** Credits given instead of a refund, as the member chose (payments' RefundCreditGranted). */
export function refundCreditsEmail(
  name: string,
  credit: { orderId: string; amountPaise: number; expiresAt: string },
  siteUrl: string,
): MailText {
  const amount = formatRupees(credit.amountPaise);
  return letter(name, `${amount} of credits for order ${credit.orderId}`, [
    `As you chose, ${amount} has been added to your membership credit for order ${credit.orderId}.`,
    `Credit pays up to ${MEMBERSHIP_CREDIT.maxShareOfOrderPercent}% of each order you place while your membership is active, until ${indianDate(new Date(credit.expiresAt))}.`,
    '',
    `Your order: ${orderLink(siteUrl, credit.orderId)}`,
  ]);
}
