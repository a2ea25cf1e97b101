// Kept apart from the event schemas (and free of zod) because the shop's order page uses the labels: importing them
// from events/orders.ts would load the schema library into the account page.

/** How a member takes back the money of an order cancelled as out of stock (docs/decisions/0024). */
export const REFUND_CHOICES = ['fund_transfer', 'credits'] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

/** The spec's words for them (section 9: "as fund transfer or credits"), on the member's page and the Orders page. */
export const REFUND_CHOICE_LABELS: Record<RefundChoice, string> = { fund_transfer: 'Fund transfer', credits: 'Credits' };
