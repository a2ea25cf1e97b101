/**
 * Money is integer paise everywhere; screens show rupees the Indian way (en-IN: lakh and crore grouping).
 * `formatRupees(117882)` → '₹1,178.82'; `formatRupees(10000000)` → '₹1,00,000.00'.
 */
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

export function formatRupees(paise: number, options: RupeeOptions = {}): string {
  if (!Number.isInteger(paise)) throw new RangeError(`Amounts are whole paise, got ${paise}`);
  const rupees = paise / 100;
  return (options.decimals === false ? wholeRupees : withPaise).format(rupees);
}
