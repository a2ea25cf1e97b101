import { z } from 'zod';
import { defineEvent, EventRegistry } from './define.js';

const paise = z.number().int().min(0);
const instant = z.string();

/** The whole product as an admin last saved it (prices in paise). Product events carry it so readers need no history. */
const productData = z.object({
  name: z.string(),
  images: z.array(z.string()),
  pricePaise: paise,
  amazonPricePaise: paise.nullable(),
  category: z.string(),
  brand: z.string(),
  descriptions: z.array(z.object({ title: z.string(), content: z.string() })),
  sku: z.string(),
  variantGroup: z.string().nullable(),
  isVariantPrimary: z.boolean(),
  saleStartAt: instant.nullable(),
  saleEndAt: instant.nullable(),
  isEnabled: z.boolean(),
  exclusive: z.boolean(),
  dropId: z.string().nullable(),
  /** The GST tax facts (issue 38); products saved before 2026-11-28 carry none. */
  hsnCode: z.string().nullable().default(null),
  gstRatePercent: z.number().nullable().default(null),
});

// Products (stream `product-<id>`; the actor, `admin:<id>` or `system:<job>`, is in each event's metadata) --------

export const ProductCreated = defineEvent({
  type: 'ProductCreated',
  version: 1,
  schema: z.object({ productId: z.string(), product: productData, stock: z.number().int().min(0) }),
});

export const ProductUpdated = defineEvent({
  type: 'ProductUpdated',
  version: 1,
  schema: z.object({ productId: z.string(), product: productData, changed: z.array(z.string()) }),
});

export const ProductEnabled = defineEvent({
  type: 'ProductEnabled',
  version: 1,
  schema: z.object({ productId: z.string() }),
});

export const ProductDisabled = defineEvent({
  type: 'ProductDisabled',
  version: 1,
  schema: z.object({ productId: z.string() }),
});

/** An admin set the units available to buy; on hand moved by the difference (holds and sales are not events). */
export const StockAdjusted = defineEvent({
  type: 'StockAdjusted',
  version: 1,
  schema: z.object({ productId: z.string(), available: z.number().int().min(0), previousAvailable: z.number().int().min(0) }),
});

// Deal drops (stream `drop-<id>`); a drop of the default calendar has no DropScheduled, only later moves ---------

export const DropScheduled = defineEvent({
  type: 'DropScheduled',
  version: 1,
  schema: z.object({ dropId: z.string(), opensAt: instant, closesAt: instant, label: z.string() }),
});

export const DropMoved = defineEvent({
  type: 'DropMoved',
  version: 1,
  schema: z.object({ dropId: z.string(), opensAt: instant, closesAt: instant, label: z.string() }),
});

/** Carries the window it had, so a reader that never saw the drop (a calendar drop is never scheduled) can show it. */
export const DropCancelled = defineEvent({
  type: 'DropCancelled',
  version: 1,
  schema: z.object({ dropId: z.string(), opensAt: instant, closesAt: instant, label: z.string() }),
});

// The deals board's early-access list (stream `early-access`) -------------------------------------------------

export const EarlyAccessGranted = defineEvent({
  type: 'EarlyAccessGranted',
  version: 1,
  schema: z.object({ email: z.string() }),
});

export const EarlyAccessRevoked = defineEvent({
  type: 'EarlyAccessRevoked',
  version: 1,
  schema: z.object({ email: z.string() }),
});

export const catalogEvents = new EventRegistry('catalog', [
  ProductCreated,
  ProductUpdated,
  ProductEnabled,
  ProductDisabled,
  StockAdjusted,
  DropScheduled,
  DropMoved,
  DropCancelled,
  EarlyAccessGranted,
  EarlyAccessRevoked,
]);
