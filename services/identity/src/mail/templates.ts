/** Plain-text messages. Kept short: members read them on phones. */
export function welcomeEmail(name: string, siteUrl: string): { subject: string; text: string } {
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hi,';
  return {
    subject: 'Welcome to ELTS Club',
    text: [
      greeting,
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
      'The ELTS Club team',
    ].join('\n'),
  };
}

const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
const indianDate = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);

/** The pre-debit notice RBI requires at least 24 hours before each recurring debit. */
export function renewalNoticeEmail(
  name: string,
  amountPaise: number,
  chargeOn: Date,
  mandateReference: string,
): { subject: string; text: string } {
  return {
    subject: `Your ELTS Club membership renews on ${indianDate(chargeOn)}`,
    text: [
      name.trim() ? `Hi ${name.trim()},` : 'Hi,',
      '',
      `Your annual membership renews automatically. On ${indianDate(chargeOn)} we will debit ${rupees(amountPaise)} through your UPI AutoPay mandate (${mandateReference}).`,
      '',
      'Nothing to do if you want to stay a member. To stop the renewal, turn off auto-renewal or revoke the mandate from the Subscription section of your profile before that date.',
      '',
      'The ELTS Club team',
    ].join('\n'),
  };
}
