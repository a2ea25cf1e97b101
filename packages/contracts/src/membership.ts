/**
 * The membership's numbers (spec sections 1 and 9), in one place for the pages that explain them and the services
 * that enforce them. Money is integer paise.
 */
export const SUBSCRIPTION_PRICE = {
  basePaise: 99_900,
  gstPercent: 18,
  gstPaise: 17_982,
  totalPaise: 117_882,
} as const;

/** The deals board: at most 15 items, 5 from the member's lists, 5 trending, 5 exclusive launches. */
export const DEALS_BOARD = { maxItems: 15, fromLists: 5, trending: 5, exclusive: 5, everyDays: 15 } as const;

/** The first 10,000 members are on the wall of elts; registration is capped at 50K, then by invitation only. */
export const MEMBER_CAPS = { wallOfElts: 10_000, registration: 50_000 } as const;

export const MEMBERSHIP_CREDIT = {
  /** The fee comes back as credit: Rs 999 per membership year. */
  perYearPaise: 99_900,
  /** At most this share of an order's price may be paid with credit (docs/decisions). */
  maxShareOfOrderPercent: 10,
} as const;
