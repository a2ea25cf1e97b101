import type {
  EventData,
  EventOf,
  ProductCreated,
  ProductDisabled,
  ProductEnabled,
  ProductForm,
  ProductUpdated,
  StockAdjusted,
} from '@elts/contracts';
import { GST_RATE_REQUIRED_MESSAGE, HSN_CODE_REQUIRED_MESSAGE, paiseOf, rupeesOf, SALE_END_MESSAGE } from '@elts/contracts';
import { type Decider, type Recorded, type Refusal, refusal, refuse, type ValidationIssue } from '@elts/platform';
import type { Drop, DropCalendar } from './drops.js';

/** The whole product as saved by an admin (prices in paise, instants as ISO strings): what product events carry. */
export type ProductData = EventData<typeof ProductCreated>['product'];

export interface ProductState {
  id: string;
  data: ProductData;
  version: number;
}

export const productStream = (productId: string) => `product-${productId}`;

/** A product's stream holds these events, typed by their contracts. */
export type ProductEvent = EventOf<
  typeof ProductCreated | typeof ProductUpdated | typeof ProductEnabled | typeof ProductDisabled | typeof StockAdjusted
>;

function evolveProduct(state: ProductState | undefined, event: Recorded<ProductEvent>): ProductState | undefined {
  const version = event.streamVersion;
  if (event.type === 'ProductCreated') return { id: event.data.productId, data: event.data.product, version };
  if (!state) return state;
  if (event.type === 'ProductUpdated') return { ...state, data: event.data.product, version };
  if (event.type === 'ProductEnabled') return { ...state, data: { ...state.data, isEnabled: true }, version };
  if (event.type === 'ProductDisabled') return { ...state, data: { ...state.data, isEnabled: false }, version };
  return { ...state, version };
}

/** An image is a web address (http or https) or a path on our own origin, such as the catalog's illustrations. */
export function isAcceptableImage(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The product form's rules beyond field types (spec section 5): empty image rows and description sections dropped,
 * every image a URL, at least one image, a brand trimmed and spelt like an existing one when it matches one,
 * the sale's end after its start, empty optional texts as null, and the GST tax facts (HSN code and rate) given.
 */
export function productDataFrom(form: ProductForm, knownBrands: readonly string[]): ProductData {
  const issues: ValidationIssue[] = [];
  const images = form.images.map((image) => image.trim()).filter(Boolean);
  images.forEach((image, index) => {
    if (!isAcceptableImage(image)) {
      issues.push({ path: `images.${index}`, message: `Image ${index + 1} must be an http(s) URL or a path starting with /` });
    }
  });
  if (images.length === 0) issues.push({ path: 'images', message: 'At least one image is required' });

  const start = form.saleStartAt ? new Date(form.saleStartAt) : null;
  const end = form.saleEndAt ? new Date(form.saleEndAt) : null;
  if (start && end && end <= start) issues.push({ path: 'saleEndAt', message: SALE_END_MESSAGE });
  // Every product sold is invoiced (CGST Rule 46 asks for the HSN code and the rate), so none is saved without them.
  if (!form.hsnCode) issues.push({ path: 'hsnCode', message: HSN_CODE_REQUIRED_MESSAGE });
  if (form.gstRate == null) issues.push({ path: 'gstRate', message: GST_RATE_REQUIRED_MESSAGE });

  if (issues.length > 0) refuse('invalid', issues.map((issue) => issue.message).join('; '), issues);

  const brand = form.brand.replace(/\s+/g, ' ').trim();
  const sameBrand = knownBrands.find((known) => known.toLowerCase() === brand.toLowerCase());
  return {
    name: form.name.replace(/\s+/g, ' ').trim(),
    images,
    pricePaise: paiseOf(form.price),
    amazonPricePaise: form.amazonPrice == null ? null : paiseOf(form.amazonPrice),
    category: form.category,
    brand: sameBrand ?? brand,
    // Plain text, kept as written: screens render it as text, never as HTML.
    descriptions: form.descriptions.filter((section) => section.title !== '' || section.content !== ''),
    sku: form.sku,
    variantGroup: form.variantGroup?.trim() || null,
    isVariantPrimary: form.isVariantPrimary,
    saleStartAt: start?.toISOString() ?? null,
    saleEndAt: end?.toISOString() ?? null,
    isEnabled: form.isEnabled,
    exclusive: form.exclusive,
    dropId: form.dropId?.trim() || null,
    hsnCode: form.hsnCode ?? null,
    gstRatePercent: form.gstRate ?? null,
  };
}

/** What a product's form is checked against: the brands already spelt, and the drops it may name. */
export interface FormFacts {
  knownBrands: readonly string[];
  drops: DropCalendar;
}

export type ProductCommand =
  | ({ kind: 'create'; productId: string; form: ProductForm } & FormFacts)
  /** `available`: the units available now; `presentKeys`: the fields the body sent. */
  | ({ kind: 'update'; sent: ProductForm; presentKeys: ReadonlySet<string>; available: number } & FormFacts)
  | { kind: 'toggle' };

/** A fresh random id that is already a product's: the caller draws another. */
export const PRODUCT_ID_TAKEN = 'That product id is taken';

/** A product may name a drop of the calendar or an admin's drop, but not one that was cancelled. */
export function dropOfProduct(drops: DropCalendar, data: ProductData): Drop | Refusal | undefined {
  if (!data.dropId) return undefined;
  const drop = drops.byId(data.dropId);
  if (!drop) return refusal('invalid', `Unknown deal drop: ${data.dropId}`, [{ path: 'dropId', message: 'Unknown deal drop' }]);
  if (drop.cancelled)
    return refusal('invalid', `The deal drop ${data.dropId} was cancelled`, [{ path: 'dropId', message: 'Deal drop cancelled' }]);
  return drop;
}

const isDrop = (drop: Drop | Refusal | undefined): drop is Drop => drop !== undefined && 'id' in drop;

function decideProduct(command: ProductCommand, state: ProductState | undefined): ProductEvent[] | Refusal {
  if (command.kind === 'create') {
    if (state) return refusal('conflict', PRODUCT_ID_TAKEN);
    const data = productDataFrom(command.form, command.knownBrands);
    const drop = dropOfProduct(command.drops, data);
    if (drop && !isDrop(drop)) return drop;
    return [{ type: 'ProductCreated', data: { productId: command.productId, product: data, stock: command.form.stock } }];
  }
  if (!state) return refusal('not_found', 'Product not found');
  if (command.kind === 'toggle') {
    return [{ type: state.data.isEnabled ? 'ProductDisabled' : 'ProductEnabled', data: { productId: state.id } }];
  }
  const form = mergeForm(formFrom(state.data, command.available), command.sent, command.presentKeys);
  const data = productDataFrom(form, command.knownBrands);
  const drop = data.dropId !== state.data.dropId ? dropOfProduct(command.drops, data) : undefined;
  if (drop && !isDrop(drop)) return drop;
  const events: ProductEvent[] = [];
  // Nothing is recorded when nothing changed.
  const changed = (Object.keys(data) as (keyof ProductData)[]).filter(
    (key) => JSON.stringify(data[key]) !== JSON.stringify(state.data[key]),
  );
  // A retail price checked again is recorded anew, with this save's date, though it is the same (decision 0166).
  if (command.sent.amazonPriceChecked && data.amazonPricePaise !== null && !changed.includes('amazonPricePaise')) {
    changed.push('amazonPricePaise');
  }
  if (changed.length > 0) events.push({ type: 'ProductUpdated', data: { productId: state.id, product: data, changed } });
  if (command.presentKeys.has('stock') && form.stock !== command.available) {
    events.push({ type: 'StockAdjusted', data: { productId: state.id, available: form.stock, previousAvailable: command.available } });
  }
  return events;
}

/** A product (stream `product-<id>`): an admin creates it, saves its form over it, and turns it on and off. */
export const productDecider: Decider<ProductState | undefined, ProductCommand, ProductEvent> = {
  initialState: () => undefined,
  evolve: evolveProduct,
  decide: decideProduct,
};

/** The drop a change made the product join, if any: its messages are planned again to reach the members it now matches. */
export function joinedDrop(command: ProductCommand, before: ProductState | undefined, after: ProductState | undefined): Drop | undefined {
  if (command.kind === 'toggle' || !after?.data.dropId || after.data.dropId === before?.data.dropId) return undefined;
  return command.drops.byId(after.data.dropId);
}

/** The form as the admin last saved it: what an update starts from for the fields its body leaves out. */
export function formFrom(data: ProductData, stock: number): ProductForm {
  return {
    name: data.name,
    price: rupeesOf(data.pricePaise),
    amazonPrice: data.amazonPricePaise === null ? null : rupeesOf(data.amazonPricePaise),
    category: data.category as ProductForm['category'],
    brand: data.brand,
    stock,
    images: data.images,
    descriptions: data.descriptions,
    sku: data.sku,
    variantGroup: data.variantGroup,
    isVariantPrimary: data.isVariantPrimary,
    saleStartAt: data.saleStartAt,
    saleEndAt: data.saleEndAt,
    isEnabled: data.isEnabled,
    exclusive: data.exclusive,
    dropId: data.dropId,
    hsnCode: data.hsnCode,
    gstRate: data.gstRatePercent,
  };
}

/**
 * An update replaces what its body names and keeps the rest. The spec's form always sends its own fields (with
 * null for a cleared date), but knows nothing of `exclusive` or `dropId`, and toggling is its own call: a form
 * that leaves them out must not reset them.
 */
export function mergeForm(current: ProductForm, sent: ProductForm, presentKeys: ReadonlySet<string>): ProductForm {
  const merged: Record<string, unknown> = { ...current };
  for (const key of Object.keys(sent)) if (presentKeys.has(key)) merged[key] = sent[key as keyof ProductForm];
  return merged as ProductForm;
}
