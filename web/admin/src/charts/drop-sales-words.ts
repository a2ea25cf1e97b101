import { indianDateTime } from '@elts/contracts';
import { formatCount } from '@elts/ui';

/** `GET /admin/drops/:id/sales`'s answer (issue 39 item 1): how a deal drop sold. */
export interface DropSalesAnswer {
  drop: { id: string; label: string; opensAt: string; closesAt: string };
  offered: number;
  sold: number;
  hours: { start: string; sold: number; soldSoFar: number }[];
  products: { id: string; name: string; offered: number; sold: number; sellThroughPercent: number | null }[];
}

const HOUR_MS = 3_600_000;
const at = (iso: string) => indianDateTime(new Date(iso));
/** An hour of the drop, India time: "28/11/2026 03:00 to 04:00". */
export const hourLabel = (start: string) => `${at(start)} to ${indianDateTime(new Date(Date.parse(start) + HOUR_MS)).slice(11)}`;
const units = (count: number) => `${formatCount(count)} ${count === 1 ? 'unit' : 'units'}`;

/** "5 of 14 units sold (35%)": sold against offered, with the share rounded down. */
export function soldOfOffered(sold: number, offered: number, percent: number | null): string {
  return `${formatCount(sold)} of ${units(offered)} sold${percent === null ? '' : ` (${percent}%)`}`;
}

/** The chart's heading, its period line, and why it is empty when it is (decision 0152's rules). */
export function dropSalesWords(answer: DropSalesAnswer) {
  const label = answer.drop.label || 'Deal drop';
  const period = `${at(answer.drop.opensAt)} to ${at(answer.drop.closesAt)}`;
  const percent = answer.offered > 0 ? Math.floor((answer.sold * 100) / answer.offered) : null;
  let nothing: string | undefined;
  if (answer.products.length === 0) nothing = `No product was on sale in ${label}: there is nothing to draw.`;
  else if (answer.hours.length === 0)
    nothing = `${label} opens at ${at(answer.drop.opensAt)}: nothing has sold yet, so there is nothing to draw.`;
  else if (answer.sold === 0) nothing = `Nothing sold in ${label} so far (${units(answer.offered)} offered): there is nothing to draw.`;
  return {
    title: `How ${label} sold`,
    period,
    summary: soldOfOffered(answer.sold, answer.offered, percent),
    nothing,
  };
}

/** The sentence read for one hour: "28/11/2026 03:00 to 04:00: 3 sold, 5 so far of 14 units offered". */
export const hourSentence = (hour: DropSalesAnswer['hours'][number], offered: number) =>
  `${hourLabel(hour.start)}: ${formatCount(hour.sold)} sold, ${formatCount(hour.soldSoFar)} so far of ${units(offered)} offered`;
