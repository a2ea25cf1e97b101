import { formatRupees } from './money.js';
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

/**
 * The smallest payment the gateway takes: Cashfree refuses an `order_amount` under Rs 1 (CreateOrderRequest,
 * `minimum: 1`). Every order's payment must reach it after its membership credit.
 */
export const MINIMUM_PAYMENT_PAISE = 100;

/** The most credit an order of this price may take, before the member's balance is considered. */
export const mostCreditFor = (orderPricePaise: number): number =>
  Math.floor((orderPricePaise * MEMBERSHIP_CREDIT.maxShareOfOrderPercent) / 100);

/** The credit an order takes: its share of the price, and no more than the member has (the shop shows the same). */
export const creditForOrder = (orderPricePaise: number, balancePaise: number): number =>
  Math.max(0, Math.min(balancePaise, mostCreditFor(orderPricePaise)));

/**
 * Whether an order at this price can always be paid: the rule is judged at the most credit the order could take,
 * so it is decided before any credit or stock is touched and does not depend on the member's balance.
 */
export const payableAfterCredit = (orderPricePaise: number): boolean =>
  orderPricePaise - mostCreditFor(orderPricePaise) >= MINIMUM_PAYMENT_PAISE;

/** The lowest product price that can be sold: Rs 1.11 today (its 10% of credit, 11 paise, leaves Rs 1.00). */
export const LOWEST_PRICE_PAISE = (() => {
  // What an order leaves after its credit never falls as its price rises, so the first payable price is the floor.
  let price = MINIMUM_PAYMENT_PAISE;
  while (!payableAfterCredit(price)) price += 1;
  return price;
})();

/**
 * The product form's price rule, worded once for the catalog's check and the back office's form: a sentence for an
 * operator, in rupees as screens write them (issue 34: it read like a note to a developer, in 'Rs').
 */
export const LOWEST_PRICE_MESSAGE =
  `The price must be at least ${formatRupees(LOWEST_PRICE_PAISE)}, so that after up to ${MEMBERSHIP_CREDIT.maxShareOfOrderPercent}% ` +
  `membership credit an order still comes to ${formatRupees(MINIMUM_PAYMENT_PAISE)}, the smallest payment we can take.`;
