import { formatRupees } from '@elts/ui';

/** admin-bff sends rupees (two decimals at most); tables show whole rupees the en-IN way (spec section 9). */
export function tableRupees(rupees: number | null | undefined): string {
  return formatRupees(Math.round(Number(rupees ?? 0) * 100), { decimals: false });
}
