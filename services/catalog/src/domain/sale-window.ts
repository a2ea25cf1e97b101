import type { DropCalendar } from './drops.js';

/** When a product may be bought; a null end means "open until further notice". */
export interface SaleWindow {
  startAt: Date | null;
  endAt: Date | null;
  /** Where the window comes from: the product's own dates, its drop, or the calendar's current or next drop. */
  source: 'product' | 'drop' | 'calendar' | 'none';
  /** The drop whose window it is (sources 'drop' and 'calendar'): its waiting room admits the product's buyers (0153). */
  dropId?: string;
}

export type SaleState = 'upcoming' | 'open' | 'ended' | 'unscheduled';

export interface WindowedProduct {
  saleStartAt: Date | null;
  saleEndAt: Date | null;
  dropId: string | null;
}

/**
 * A product's own saleStartAt/saleEndAt when it has either; else its drop's window; else (no drop, or its drop was
 * cancelled) the drop of the calendar that is open now or opens next.
 */
export function applicableWindow(product: WindowedProduct, drops: DropCalendar, now: Date): SaleWindow {
  if (product.saleStartAt || product.saleEndAt) return { startAt: product.saleStartAt, endAt: product.saleEndAt, source: 'product' };
  if (product.dropId) {
    const drop = drops.byId(product.dropId);
    if (drop && !drop.cancelled) return { startAt: drop.opensAt, endAt: drop.closesAt, source: 'drop', dropId: drop.id };
  }
  const next = drops.currentOrNext(now);
  if (next) return { startAt: next.opensAt, endAt: next.closesAt, source: 'calendar', dropId: next.id };
  return { startAt: null, endAt: null, source: 'none' };
}

/** Windows are half-open: open from the first instant of the start to just before the end. */
export function saleStateAt(window: SaleWindow, now: Date): SaleState {
  if (window.source === 'none') return 'unscheduled';
  if (window.startAt && now < window.startAt) return 'upcoming';
  if (window.endAt && now >= window.endAt) return 'ended';
  return 'open';
}

/** The next instant at which the window's state changes after `now`, if any. */
export function nextChange(window: SaleWindow, now: Date): Date | undefined {
  if (window.startAt && window.startAt > now) return window.startAt;
  if (window.endAt && window.endAt > now) return window.endAt;
  return undefined;
}
