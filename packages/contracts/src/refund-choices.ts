// Kept apart from the event schemas (and free of zod) because the shop's order page uses the labels: importing them
// from events/orders.ts would load the schema library into the account page.

/** How a member takes back the money of an order cancelled as out of stock (docs/decisions/0024). */
export const REFUND_CHOICES = ['fund_transfer', 'credits'] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

/** The spec's words for them (section 9: "as fund transfer or credits"), on the member's page and the Orders page. */
export const REFUND_CHOICE_LABELS: Record<RefundChoice, string> = { fund_transfer: 'Fund transfer', credits: 'Credits' };

/** Who chose: the member, the deadline, or nobody could choose credits because the membership was not active. */
export const REFUND_CHOOSERS = ['member', 'deadline', 'no_membership'] as const;
export type RefundChooser = (typeof REFUND_CHOOSERS)[number];

/**
 * Refund credits (issue 32): how long credits given for an out-of-stock refund last, and what they buy, said the same
 * way by the page that offers them and the service that refuses them. They pay part of later orders, which only an
 * active membership may place, so they are offered only then.
 */
export const REFUND_CREDIT = {
  validDays: 365,
  notUsable:
    'Credits can only be spent with an active membership, and yours is not active, so this refund goes to your ' +
    'original payment method.',
} as const;
