import { daysBetween, formatRupees, indianDate, indianDayOf, MEMBERSHIP_CREDIT, todayInIndia } from '@elts/contracts';

/**
 * What the membership credit is and buys, and what revoking gives up (issue 39 item 2, decision 0097). A credit
 * grant expires when its membership year ends (decision 0017), so the balance the member has is the current year's,
 * and it is spent only by an active member: revoking ends both the paid days and the use of the credit.
 */

/** Whole days from today in India to the day the membership year ends (0 once it has). */
export function paidDaysLeft(endDate: string | null, now: Date): number {
  if (!endDate) return 0;
  return Math.max(0, daysBetween(todayInIndia(now), indianDayOf(new Date(endDate))));
}

/** The order price from which the whole share an order may take is the member's whole balance. */
const orderTakingAll = (balancePaise: number) => Math.ceil((balancePaise * 100) / MEMBERSHIP_CREDIT.maxShareOfOrderPercent);

/** The credit card's lines: the balance, until when, and what it buys. */
export function creditLines(balancePaise: number, endDate: string | null) {
  const share = MEMBERSHIP_CREDIT.maxShareOfOrderPercent;
  return {
    balance: formatRupees(balancePaise),
    expires: endDate ? `Use it until ${indianDate(new Date(endDate))}, when your membership year ends.` : undefined,
    buys:
      balancePaise > 0
        ? `It pays up to ${share}% of each order's price: all of it on an order of ${formatRupees(orderTakingAll(balancePaise))} or more.`
        : `You have used this year's credit. Your next membership year brings ${formatRupees(MEMBERSHIP_CREDIT.perYearPaise)} more.`,
  };
}

/** The revoke confirmation's sentence on what the member gives up; undefined when nothing is left to give up. */
export function revokeGivesUp(endDate: string | null, creditPaise: number, now: Date): string | undefined {
  const days = paidDaysLeft(endDate, now);
  const credit = creditPaise > 0 ? `your membership credit of ${formatRupees(creditPaise)}` : undefined;
  const paid =
    days > 0 && endDate
      ? `the ${days} paid ${days === 1 ? 'day' : 'days'} left of your membership (to ${indianDate(new Date(endDate))})`
      : undefined;
  if (!paid && !credit) return undefined;
  return `You give up ${[paid, credit].filter(Boolean).join(' and ')}.`;
}
