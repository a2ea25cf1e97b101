import { addDays, indianDayOf } from '@elts/contracts';

/**
 * What a membership year saved its member against retail (issue 39 item 2, decision 0156). Pure arithmetic over the
 * member's own product orders as payments knows them: an order counts when it was paid within the year (India's
 * calendar days), was not refunded (any refund, pending or made, or credit given instead), and carries the retail
 * price in force when it was placed with the date the operator recorded it; an order without one is counted apart
 * and never given a saving.
 */

export interface SavingsOrder {
  orderId: string;
  /** When its payment succeeded. */
  paidAt: Date;
  /** Its price before credit (unit price times quantity). */
  pricePaise: number;
  /** The membership credit it spent. */
  creditPaise: number;
  /** What the member paid (the price less the credit). */
  paidPaise: number;
  /** The retail price of its quantity in force when placed, or null with none recorded. */
  retailPaise: number | null;
  retailRecordedAt: string | null;
  /** Any refund of it, pending or made, or credit given instead of one. */
  refunded: boolean;
}

/** A membership year as India's calendar days: from its first day up to, not including, `until` (the next year's first). */
export interface MembershipYearDays {
  from: string;
  until: string;
}

/**
 * The year of a membership that started and ends at these instants, in India's days. The year ends on the day its end
 * falls on, which is the renewed year's first day: an order paid that day belongs to the next year, never to both.
 */
export function membershipYearDays(startsAt: Date, endsAt: Date): MembershipYearDays {
  return { from: indianDayOf(startsAt), until: indianDayOf(endsAt) };
}

export const paidWithin = (paidAt: Date, year: MembershipYearDays): boolean => {
  const day = indianDayOf(paidAt);
  return day >= year.from && day < year.until;
};

export interface MembershipSavings {
  /** The year's first and last days (YYYY-MM-DD, India). */
  firstDay: string;
  lastDay: string;
  /** Paid, unrefunded orders of the year with a recorded retail price: what the figures below sum. */
  ordersCounted: number;
  retailPaise: number;
  /** What the member paid for them, after credit. */
  paidPaise: number;
  /** The credit they spent on them (part of what the membership gave back). */
  creditPaise: number;
  /** Retail less what was paid: negative when the orders cost more than retail. */
  savingPaise: number;
  /** Paid orders of the year left out for want of a recorded retail price. */
  ordersWithoutRetail: number;
  /** Orders of the year left out because they were refunded. */
  ordersRefunded: number;
  /** The year's fee. */
  feePaise: number;
  /** The saving over the fee, rounded down to a tenth (never more than it is); null when there was no fee or no saving. */
  timesFeeSaved: number | null;
}

export function membershipSavings(orders: readonly SavingsOrder[], year: MembershipYearDays, feePaise: number): MembershipSavings {
  const ofYear = orders.filter((order) => paidWithin(order.paidAt, year));
  const kept = ofYear.filter((order) => !order.refunded);
  const counted = kept.filter((order) => order.retailPaise !== null && order.retailRecordedAt !== null);
  const sum = (pick: (order: SavingsOrder) => number) => counted.reduce((total, order) => total + pick(order), 0);
  const retailPaise = sum((order) => order.retailPaise ?? 0);
  const paidPaise = sum((order) => order.paidPaise);
  const savingPaise = retailPaise - paidPaise;
  return {
    firstDay: year.from,
    lastDay: addDays(year.until, -1),
    ordersCounted: counted.length,
    retailPaise,
    paidPaise,
    creditPaise: sum((order) => order.creditPaise),
    savingPaise,
    ordersWithoutRetail: kept.length - counted.length,
    ordersRefunded: ofYear.length - kept.length,
    feePaise,
    timesFeeSaved: feePaise > 0 && savingPaise > 0 ? Math.floor((savingPaise * 10) / feePaise) / 10 : null,
  };
}
