import type { EventData, ProductCreated, ProductForm } from '@elts/contracts';
import { GST_RATE_REQUIRED_MESSAGE, HSN_CODE_REQUIRED_MESSAGE, paiseOf, rupeesOf, SALE_END_MESSAGE } from '@elts/contracts';
import { type NewEvent, refuse, type StoredEvent, type ValidationIssue } from '@elts/platform';

/** The whole product as saved by an admin (prices in paise, instants as ISO strings): what product events carry. */
export type ProductData = EventData<typeof ProductCreated>['product'];

export interface ProductState {
  id: string;
  data: ProductData;
  version: number;
}

export const productStream = (productId: string) => `product-${productId}`;

export function foldProduct(events: StoredEvent[]): ProductState | undefined {
  let state: ProductState | undefined;
  for (const { type, data, streamVersion } of events as StoredEvent<any>[]) {
    if (type === 'ProductCreated') state = { id: data.productId, data: data.product, version: streamVersion };
    if (!state) continue;
    if (type === 'ProductUpdated') state = { ...state, data: data.product };
    if (type === 'ProductEnabled') state = { ...state, data: { ...state.data, isEnabled: true } };
    if (type === 'ProductDisabled') state = { ...state, data: { ...state.data, isEnabled: false } };
    state.version = streamVersion;
  }
  return state;
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

export function decideCreate(productId: string, data: ProductData, stock: number): NewEvent[] {
  return [{ type: 'ProductCreated', data: { productId, product: data, stock } }];
}

/** Nothing is recorded when nothing changed. */
export function decideUpdate(state: ProductState, data: ProductData): NewEvent[] {
  const changed = (Object.keys(data) as (keyof ProductData)[]).filter(
    (key) => JSON.stringify(data[key]) !== JSON.stringify(state.data[key]),
  );
  if (changed.length === 0) return [];
  return [{ type: 'ProductUpdated', data: { productId: state.id, product: data, changed } }];
}

export function decideToggle(state: ProductState): NewEvent[] {
  return [{ type: state.data.isEnabled ? 'ProductDisabled' : 'ProductEnabled', data: { productId: state.id } }];
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
