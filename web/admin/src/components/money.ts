import { formatRupees, paiseOf } from '@elts/contracts';

/** admin-bff and the catalogue send rupees (two decimals at most); the one formatter takes whole paise. */

/** Tables show whole rupees the en-IN way (spec section 9): ₹2,300. */
export function tableRupees(rupees: number | null | undefined): string {
  return formatRupees(paiseOf(rupees ?? 0), { decimals: false });
}

/** Product cards show the price to the paisa, as the member pays it: ₹2,299.99. */
export function priceRupees(rupees: number): string {
  return formatRupees(paiseOf(rupees));
}
