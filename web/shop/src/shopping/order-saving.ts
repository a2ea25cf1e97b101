import { formatRupees, indianDate } from '@elts/contracts';

/** What an order's saving is read from: the order card or the Order Status page's answer (decision 0156). */
export interface OrderForSaving {
  status?: string | null;
  /** What the member paid, after credit. */
  amount_paise?: number | null;
  retail_price?: { amount_paise: number; recorded_at: string } | null;
  refund?: unknown;
  refunds?: readonly { state: string }[] | null;
}

/**
 * The order's saving against the retail price in force when it was placed, as the operator recorded it with its date:
 * only for a paid order that nothing was refunded from (a refund under way or made, or an out-of-stock cancellation),
 * and never without a recorded retail price. What the member paid is after their credit.
 */
export function orderSavingLine(order: OrderForSaving): string | undefined {
  const retail = order.retail_price;
  if (!retail || order.status?.toLowerCase() !== 'completed' || typeof order.amount_paise !== 'number') return undefined;
  if (order.refund || (order.refunds ?? []).some((line) => line.state !== 'refund_failed')) return undefined;
  const against = `Retail price ${formatRupees(retail.amount_paise)}, as recorded on ${indianDate(new Date(retail.recorded_at))}`;
  const difference = retail.amount_paise - order.amount_paise;
  if (difference > 0) return `${against}: you saved ${formatRupees(difference)}.`;
  if (difference < 0) return `${against}: you paid ${formatRupees(-difference)} more.`;
  return `${against}: you paid the retail price.`;
}
