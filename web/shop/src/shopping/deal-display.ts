import { COPY, indianDate, paiseOf } from '@elts/contracts';
import { formatRupees } from '@elts/ui';
import type { ShopProduct } from '../api/catalog.js';

/** The catalog's generic product picture: shown when a product has no image or its image fails to load. */
export const DEFAULT_PRODUCT_IMAGE = '/product/images/product.svg';

const TITLE_LIMIT = 60;
const LOW_STOCK_LIMIT = 5;

/** Card titles are cut at 60 characters (spec section 9); the full name stays in the detail modal. */
export function cardTitle(name: string): string {
  return name.length > TITLE_LIMIT ? `${name.slice(0, TITLE_LIMIT).trimEnd()}...` : name;
}

export function priceLabel(product: Pick<ShopProduct, 'price'> & Partial<Pick<ShopProduct, 'pricePaise'>>): string {
  return formatRupees(product.pricePaise ?? paiseOf(product.price));
}

/** What a product's prices are compared with: its retail price and the date the operator recorded it. */
type PricedProduct = Pick<ShopProduct, 'price' | 'amazonPrice'> & { amazonPriceRecordedAt?: string | null };

/**
 * The retail (original) price in rupees, only when the operator recorded it with its date and it is above the deal
 * price: a price that cannot be backed is never shown as a discount (the dark-pattern rules, decision 0156).
 */
function recordedOriginal(product: PricedProduct): number | undefined {
  const original = product.amazonPrice;
  if (original === null || !product.amazonPriceRecordedAt || original <= 0 || original <= product.price) return undefined;
  return original;
}

/** The original (retail) price, only when it was recorded with its date and is above the deal price. */
export function originalPriceLabel(product: PricedProduct): string | undefined {
  const original = recordedOriginal(product);
  return original === undefined ? undefined : formatRupees(paiseOf(original));
}

/**
 * The retail price beside the deal and when the operator recorded it ("Retail price as recorded on dd/mm/yyyy"),
 * or nothing when it was not recorded with its date or is not above the deal price.
 */
export function retailPrice(product: PricedProduct): { label: string; recorded: string } | undefined {
  const label = originalPriceLabel(product);
  if (label === undefined || !product.amazonPriceRecordedAt) return undefined;
  return { label, recorded: `Retail price as recorded on ${indianDate(new Date(product.amazonPriceRecordedAt))}` };
}

/** Discount percent computed from the original price (spec section 9), whole percent; none without a recorded one. */
export function discountPercent(product: PricedProduct): number | undefined {
  const original = recordedOriginal(product);
  if (original === undefined) return undefined;
  return Math.round(((original - product.price) / original) * 100);
}

/** 'Only N left!' when 1 to 5 units remain. */
export function lowStockNote(stock: number): string | undefined {
  return stock >= 1 && stock <= LOW_STOCK_LIMIT ? `Only ${stock} left!` : undefined;
}

/**
 * How many units members hold unpaid, beside what is left (issue 33): from live stock, only while the sale is open
 * or sold out, and only when some are reserved. A sold-out card then says the units may still come back.
 */
export function reservedNote(product: Pick<ShopProduct, 'reserved' | 'stock'>, state: SaleClock['state']): string | undefined {
  if ((state !== 'open' && state !== 'sold-out') || product.reserved <= 0) return undefined;
  return COPY.waitlist.reservedAndLeft(product.reserved, Math.max(0, product.stock));
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function countdown(ms: number, withSeconds: boolean): string {
  const left = Math.max(0, ms);
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const seconds = Math.floor((left % MINUTE) / SECOND);
  return `${days}d ${hours}h ${minutes}m${withSeconds ? ` ${seconds}s` : ''}`;
}

/**
 * Where a product stands at `now` (spec section 4, "Product sale state"): before its window it counts down to the
 * start and cannot be bought; during it, it counts down to the end with seconds; after it, 'Sale Ended'; with no
 * stock left, 'Out of Stock'.
 */
export interface SaleClock {
  state: 'upcoming' | 'open' | 'ended' | 'sold-out';
  /** The countdown line under the price, if any. */
  timer?: string;
  /** What the buy button says. */
  action: string;
  buyable: boolean;
}

export function saleClock(product: Pick<ShopProduct, 'saleStartAt' | 'saleEndAt' | 'stock'>, now: number): SaleClock {
  const start = product.saleStartAt ? Date.parse(product.saleStartAt) : undefined;
  const end = product.saleEndAt ? Date.parse(product.saleEndAt) : undefined;
  if (start !== undefined && now < start) {
    const label = `Sale starts in ${countdown(start - now, false)}`;
    return { state: 'upcoming', timer: label, action: label, buyable: false };
  }
  if (end !== undefined && now >= end) return { state: 'ended', action: 'Sale Ended', buyable: false };
  const timer = end === undefined ? undefined : `Sale ends in ${countdown(end - now, true)}`;
  if (product.stock <= 0) return { state: 'sold-out', ...(timer ? { timer } : {}), action: 'Out of Stock', buyable: false };
  return { state: 'open', ...(timer ? { timer } : {}), action: 'Buy Now', buyable: true };
}
