import { indianCalendar, indianMidnightOf } from '@elts/contracts';
import type { TemplateCategory } from '../notify/whatsapp.js';

/** What Meta charges a delivered template message of each category, in paise (a fraction allowed: ₹0.8631 is 86.31). */
export type WhatsAppPrices = Record<TemplateCategory, number>;

/** The India calendar month `at` falls in: "YYYY-MM", and the instants it starts and ends. */
export function indianMonth(at: Date): { month: string; from: Date; until: Date } {
  const { year, month } = indianCalendar(at);
  return {
    month: `${year}-${String(month).padStart(2, '0')}`,
    from: indianMidnightOf(year, month, 1),
    until: indianMidnightOf(year, month + 1, 1),
  };
}

/** The estimated cost of messages by category, in whole paise. */
export function whatsappCostPaise(messages: Record<TemplateCategory, number>, prices: WhatsAppPrices): number {
  return Math.round(messages.MARKETING * prices.MARKETING + messages.UTILITY * prices.UTILITY);
}
