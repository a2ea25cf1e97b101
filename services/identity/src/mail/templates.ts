import { type DataOf, formatRupees, indianDate, indianDateTime, type ordersOperations } from '@elts/contracts';
import { greeting, letter, type MailText, orderLink, productLine, SIGN_OFF } from './words.js';

/** Plain-text messages. Kept short: members read them on phones. */
export function welcomeEmail(name: string, siteUrl: string): MailText {
  return {
    subject: 'Welcome to ELTS Club',
    text: [
      greeting(name),
      '',
      'Welcome to ELTS Club, the members-only deals community where members never pay retail.',
      '',
      'What happens next:',
      '- Keep your Need and Greed lists current: your deals board is built from them.',
      '- Deals go live on Friday midnight and close on Sunday midnight.',
      '- Limited subscriptions are open now. Subscribe from your profile to unlock the deals board.',
      '',
      `Your account: ${siteUrl}/profile`,
      '',
      'See you on the board,',
      SIGN_OFF,
    ].join('\n'),
  };
}

/**
 * The link that makes this address a member's contact email. It names no member: whoever asked may not own the
 * address, and its owner should learn nothing about them beyond the request.
 */
export function emailChangeEmail(email: string, link: string, validHours: number): MailText {
  return letter('', 'Confirm your new email address for ELTS Club', [
    `Someone asked to use ${email} as the email address of their ELTS Club account. If that was you, open this link to confirm it:`,
    '',
    link,
    '',
    `The link works once, for ${validHours} hours. Until it is opened, the account keeps its old address.`,
    '',
    'If you did not ask for this, ignore this message: nothing changes.',
  ]);
}

/**
 * The text message that makes a number the member's mobile (issue 34): like the email link, it names no member, and
 * only whoever holds the phone can open it.
 */
export function mobileChangeText(mobile: string, link: string, validHours: number): string {
  return `ELTS Club: to make +91 ${mobile} the mobile number of your account, open ${link} (it works once, for ${validHours} hours). Did not ask? Ignore this message.`;
}

/** The pre-debit notice RBI requires at least 24 hours before each recurring debit. */
export function renewalNoticeEmail(name: string, amountPaise: number, chargeOn: Date, mandateReference: string): MailText {
  return letter(name, `Your ELTS Club membership renews on ${indianDate(chargeOn)}`, [
    `Your annual membership renews automatically. On ${indianDate(chargeOn)} we will debit ${formatRupees(amountPaise)} through your UPI AutoPay mandate (${mandateReference}).`,
    '',
    'Nothing to do if you want to stay a member. To stop the renewal, turn off auto-renewal or revoke the mandate from the Subscription section of your profile before that date.',
  ]);
}

/** What the order confirmation tells: the order as orders keeps it (`GET /internal/orders/{id}`). */
export type ConfirmedOrder = DataOf<typeof ordersOperations.orderForServices>;

/** The order confirmation the Order Status page promises ('You will receive an order confirmation by email.'). */
export function orderConfirmationEmail(name: string, order: ConfirmedOrder, siteUrl: string): MailText {
  const to = order.shippingAddress;
  return letter(name, `Order Confirmed! ${order.orderId}`, [
    'Thank you for your order. Your payment has been received and your order is confirmed.',
    '',
    `Order ID: ${order.orderId}`,
    `Product: ${productLine(order.product)}`,
    `Quantity: ${order.quantity}`,
    `Amount paid: ${formatRupees(order.amountPaise)}`,
    '',
    'Delivery to:',
    to.name,
    to.address,
    `${to.city}, ${to.state} ${to.pincode}`,
    `Phone: ${to.phone}`,
    '',
    'Your order will be processed within 1-2 business days. Shipping updates will be sent to your registered mobile number.',
    '',
    `Your order: ${orderLink(siteUrl, order.orderId)}`,
  ]);
}

/**
 * A unit came back and is now the member's reservation, as the first on its waitlist (issue 33 item 3): what it is,
 * until when they can pay (India time), and the order page where Pay now and Cancel are.
 */
export function waitlistReservationEmail(
  name: string,
  reservation: { orderId: string; product: { name: string; brand: string }; amountPaise: number; reservedUntil: Date },
  siteUrl: string,
): MailText {
  return letter(name, `Reserved for you: ${productLine(reservation.product)}`, [
    `A unit of ${productLine(reservation.product)} came back, and as the first on its waitlist it is now reserved for you.`,
    '',
    `Price: ${formatRupees(reservation.amountPaise)}`,
    `Pay by: ${indianDateTime(reservation.reservedUntil)} (India time)`,
    '',
    'If it is not paid by then, it goes to the next member waiting. You can also cancel it from the order page.',
    '',
    `Pay now: ${orderLink(siteUrl, reservation.orderId)}`,
  ]);
}

/**
 * The product's sale ended with the member still on its waitlist (issue 33 item 3): no unit came back in time, their
 * place is closed, and nothing was held or charged.
 */
export function waitlistClosedEmail(name: string, closed: { productName: string; saleEndedAt: Date }, siteUrl: string): MailText {
  return letter(name, `The sale has ended: ${closed.productName}`, [
    `The sale of ${closed.productName} ended on ${indianDateTime(closed.saleEndedAt)} (India time) before a unit came back for you, so you are no longer on its waitlist.`,
    '',
    'Nothing was reserved or charged. Your deals are here:',
    `${siteUrl}/elts`,
  ]);
}

/** The mail to each giveaway winner, sent with the draw (spec: winners are told by email). */
export function giveawayWinnerEmail(name: string, prize: string, siteUrl: string): MailText {
  return letter(name, 'You won the ELTS Club giveaway!', [
    `Congratulations! You are one of the 12 winners of the ELTS Club giveaway. Your prize: ${prize}.`,
    '',
    'We send prizes to the shipping address on your profile. Please check that it is up to date:',
    `${siteUrl}/profile?section=profile`,
    '',
    `The winners are listed on ${siteUrl}/elts under Merch.`,
  ]);
}
