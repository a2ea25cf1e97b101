/**
 * Money, in one place. Amounts are whole paise everywhere inside the product; the spec's API fields named `amount`
 * or `price` carry rupees with up to two decimals (the `_paise` field beside them carries the exact integer), and
 * screens and mails show rupees the Indian way. Free of the schema library so that pages can use it.
 */

/** Rupees for an API field from paise: 117882 → 1178.82. */
export const rupeesOf = (paise: number | string): number => Math.round(Number(paise)) / 100;

/** Paise from rupees as an API or a form carries them: 1178.82 or '1178.82' → 117882. */
export const paiseOf = (rupees: number | string): number => Math.round(Number(rupees) * 100);

const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export interface RupeeOptions {
  /** Admin tables show whole rupees (spec section 9): `₹1,179`. */
  decimals?: boolean;
}

/**
 * Rupees for a screen or a document, en-IN (lakh and crore grouping): `formatRupees(117882)` → '₹1,178.82',
 * `formatRupees(10000000)` → '₹1,00,000.00'.
 */
export function formatRupees(paise: number, options: RupeeOptions = {}): string {
  if (!Number.isInteger(paise)) throw new RangeError(`Amounts are whole paise, got ${paise}`);
  return (options.decimals === false ? wholeRupees : withPaise).format(paise / 100);
}
