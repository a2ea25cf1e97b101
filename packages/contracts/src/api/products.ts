import { z } from 'zod';
import { GST_RATE_MESSAGE, GST_RATE_PERCENTS, HSN_CODE_MESSAGE, HSN_CODE_PATTERN } from '../gst-rates.js';
import { LOWEST_PRICE_MESSAGE, LOWEST_PRICE_PAISE } from '../membership.js';

/** The product form's categories and preset brands (spec section 5). */
export const PRODUCT_CATEGORIES = [
  'Electronics',
  'Clothing',
  'Home & Garden',
  'Sports & Outdoors',
  'Beauty & Personal Care',
  'Books',
  'Toys & Games',
  'Automotive',
] as const;
export const PRESET_BRANDS = [
  'Apple',
  'Samsung',
  'Sony',
  'LG',
  'Dell',
  'HP',
  'Lenovo',
  'Asus',
  'Nike',
  'Adidas',
  'Puma',
  'Canon',
  'Nikon',
] as const;

const money = (label: string, least = 0, leastMessage = `${label} must be at least 0`) =>
  z
    .number({ error: `${label} must be a number` })
    .min(least, leastMessage)
    .max(10_000_000, `${label} is too large`)
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), `${label} may have at most 2 decimals`);

/** The product form's words for its description sections, shared by the catalog's schema and the admin form. */
export const DESCRIPTION_REQUIRED_MESSAGE = 'Add at least one description section with a title or some text.';
/** The catalog's refusal of a sale window that ends before it starts; the admin form says it before sending. */
export const SALE_END_MESSAGE = 'Sale end must be after sale start';

const isoDate = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });

/**
 * The admin's product form (`POST /product/create`, `PUT /product/update/{id}`), in the spec's field names. Prices
 * are rupees with up to 2 decimals on the wire and paise inside. Descriptions are plain text.
 */
export const productFormSchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  // A cheaper product could not be paid for once membership credit is taken off (the gateway's minimum).
  price: money('Price', LOWEST_PRICE_PAISE / 100, LOWEST_PRICE_MESSAGE),
  amazonPrice: money('Amazon price').nullable().optional(),
  /**
   * The operator checked the retail price again: a save records it anew with the save's date even when it has not
   * changed, so the date members see beside a discount says when it was last checked (decision 0166).
   */
  amazonPriceChecked: z.boolean().optional(),
  category: z.enum(PRODUCT_CATEGORIES, { error: `Category must be one of ${PRODUCT_CATEGORIES.join(', ')}` }),
  brand: z.string().trim().max(60).optional().default(''),
  stock: z
    .number({ error: 'Stock must be a number' })
    .int('Stock must be a whole number')
    .min(0, 'Stock must be at least 0')
    .max(1_000_000),
  images: z.array(z.string().trim().max(2000)).max(10).default([]),
  // The detail modal is built from these sections: at least one must say something. Empty ones are dropped on save.
  descriptions: z
    .array(z.strictObject({ title: z.string().trim().max(200).default(''), content: z.string().trim().max(5000).default('') }), {
      error: DESCRIPTION_REQUIRED_MESSAGE,
    })
    .max(20)
    .refine((sections) => sections.some((section) => section.title !== '' || section.content !== ''), DESCRIPTION_REQUIRED_MESSAGE),
  sku: z.string().trim().max(64).optional().default(''),
  variantGroup: z.string().trim().max(64).nullable().optional(),
  isVariantPrimary: z.boolean().optional().default(false),
  saleStartAt: isoDate('Sale start').nullable().optional(),
  saleEndAt: isoDate('Sale end').nullable().optional(),
  isEnabled: z.boolean().optional().default(true),
  exclusive: z.boolean().optional().default(false),
  dropId: z.string().max(64).nullable().optional(),
  // Tax facts for the GST invoice (issue 38). Optional here so an update may leave them out; the catalog requires
  // both on every saved product (a product saved before they existed must be given them on its next save).
  hsnCode: z.string({ error: HSN_CODE_MESSAGE }).trim().regex(HSN_CODE_PATTERN, HSN_CODE_MESSAGE).nullable().optional(),
  gstRate: z
    .number({ error: GST_RATE_MESSAGE })
    .refine((rate) => GST_RATE_PERCENTS.includes(rate), GST_RATE_MESSAGE)
    .nullable()
    .optional(),
});

export type ProductForm = z.output<typeof productFormSchema>;

const at = z.string().nullable();

/** What every view of a product carries: the spec's fields, prices in rupees with paise beside them. */
const productShape = {
  id: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  price: z.number(),
  pricePaise: z.number().int(),
  amazonPrice: z.number().nullable(),
  amazonPricePaise: z.number().int().nullable(),
  /**
   * When the operator recorded that retail price (decision 0156): a discount or saving is shown only against a
   * retail price with its date; null when there is no retail price.
   */
  amazonPriceRecordedAt: at,
  category: z.string(),
  brand: z.string(),
  /** The units one can still buy. */
  stock: z.number().int(),
  descriptions: z.array(z.object({ title: z.string(), content: z.string() })),
  sku: z.string(),
  variantGroup: z.string().nullable(),
  isVariantPrimary: z.boolean(),
  isEnabled: z.boolean(),
  exclusive: z.boolean(),
  dropId: z.string().nullable(),
};

/** Where a product's sale window stands now (unscheduled: no window applies). */
export const SALE_STATES = ['upcoming', 'open', 'ended', 'unscheduled'] as const;
/** The deals board's sections. */
export const BOARD_SECTIONS = ['lists', 'trending', 'exclusive', 'newest'] as const;

/**
 * A product as shoppers see it (`GET /product/list`'s `data.products`, the variants of one): `stock` as the units one
 * can still buy, and saleStartAt/saleEndAt as the window that applies (the product's own, else its drop's), so a
 * card can count down without knowing about drops. On the deals board, which section placed it and, for list
 * matches, which Need or Greed item matched.
 */
export const publicProductSchema = z.object({
  ...productShape,
  saleStartAt: at,
  saleEndAt: at,
  saleState: z.enum(SALE_STATES),
  /** Units reserved for members who have not paid yet (issue 33): the honest other half of a sold-out card. */
  reserved: z.number().int(),
  section: z.enum(BOARD_SECTIONS).optional(),
  matchedItem: z.string().optional(),
  /** The list that item is on (docs/decisions/0099). */
  matchedList: z.enum(['need', 'greed']).optional(),
});
export type PublicProduct = z.output<typeof publicProductSchema>;

/**
 * A product as the admin's product form edits it: saleStartAt/saleEndAt are the product's own dates (null when it
 * follows its drop), the window in force beside them, and the stock's parts.
 */
export const adminProductSchema = z.object({
  ...productShape,
  saleStartAt: at,
  saleEndAt: at,
  saleWindow: z.object({
    startAt: at,
    endAt: at,
    source: z.enum(['product', 'drop', 'calendar', 'none']),
    state: z.enum(SALE_STATES),
  }),
  stockDetail: z.object({ onHand: z.number().int(), held: z.number().int(), sold: z.number().int() }),
  /** The tax facts the invoice uses; null on a product saved before they existed. */
  hsnCode: z.string().nullable(),
  gstRate: z.number().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.output<typeof adminProductSchema>;

// Internal calls between orders and catalog (`/internal/*`, with the service token) -------------------------------

/** What orders needs to know of a product before placing an order: price and window come from the catalog only. */
export const productForOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  images: z.array(z.string()),
  pricePaise: z.number().int(),
  amazonPricePaise: z.number().int().nullable(),
  /** When the operator recorded that retail price: an order keeps both as the retail price in force (decision 0156). */
  amazonPriceRecordedAt: at.optional(),
  isEnabled: z.boolean(),
  /** The window that applies (the product's own, else its drop's); null ends mean open. */
  saleStartAt: at,
  saleEndAt: at,
  /**
   * The drop whose window applies (its own drop's, or the calendar's), null for a product with a window of its own:
   * a drop's buyers go through its waiting room first (docs/decisions/0153).
   */
  dropId: z.string().nullable(),
  available: z.number().int(),
  /** Its variant group, if any: the group's versions count as one product for the one-of-each rule. */
  variantGroup: z.string().nullable(),
});
export type ProductForOrder = z.output<typeof productForOrderSchema>;

/** `POST /internal/stock/hold`: idempotent per order id (a repeat answers as the first did). */
export const stockHoldSchema = z.strictObject({
  orderId: z.string().min(1).max(64),
  productId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(100),
  /** Until when the units stay held unless committed; longer than the payment timeout. */
  holdUntil: z.iso.datetime(),
  /**
   * A replacement for an exchange (docs/decisions/0025): the member bought the product in its sale window, so the
   * window does not apply to the unit sent in its place; a disabled product still gives none.
   */
  replacement: z.boolean().optional(),
});

export const stockHoldResultSchema = z.discriminatedUnion('held', [
  z.object({ held: z.literal(true), productId: z.string(), quantity: z.number().int(), holdUntil: z.string() }),
  z.object({ held: z.literal(false), reason: z.enum(['out_of_stock', 'not_buyable', 'not_found']) }),
]);
export type StockHoldResult = z.output<typeof stockHoldResultSchema>;

/** `POST /internal/stock/release` and `/internal/stock/commit`: idempotent per order id. */
export const stockOrderSchema = z.strictObject({ orderId: z.string().min(1).max(64) });

/**
 * `POST /internal/stock/release`. With the hold the caller asked for, a release that finds no hold yet (the hold's
 * answer was lost, the hold itself still on its way) leaves the order marked released, so a hold arriving later takes
 * no units (docs/decisions/0021).
 */
export const stockReleaseSchema = stockOrderSchema.extend({
  productId: z.string().min(1).max(64).optional(),
  quantity: z.number().int().min(1).max(100).optional(),
});
export type StockRelease = z.infer<typeof stockReleaseSchema>;

/**
 * `POST /internal/stock/hand-over`: one unit of a released order's hold becomes a hold of a waitlisted member's order
 * (issue 33 item 3), never free in between. Idempotent per `toOrderId`: a repeat answers as the first did.
 */
export const stockHandOverSchema = z.strictObject({
  fromOrderId: z.string().min(1).max(64),
  toOrderId: z.string().min(1).max(64),
  holdUntil: z.iso.datetime(),
});
export type StockHandOver = z.infer<typeof stockHandOverSchema>;

export const stockMoveResultSchema = z.object({ state: z.enum(['held', 'released', 'committed', 'expired', 'none']) });
export type StockMoveResult = z.output<typeof stockMoveResultSchema>;
