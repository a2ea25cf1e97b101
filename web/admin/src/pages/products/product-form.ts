import {
  type API,
  type DataOf,
  fromIndianWallClock,
  GST_RATE_REQUIRED_MESSAGE,
  GST_RATES,
  HSN_CODE_REQUIRED_MESSAGE,
  indianDate,
  indianWallClock,
  LOWEST_PRICE_PAISE,
  PRODUCT_CATEGORIES,
  productFormSchema,
  type RequestOf,
  SALE_END_MESSAGE,
} from '@elts/contracts';
import { dateTimeText, readDateTimeText } from '@elts/ui';

/** A product as the product form edits it (the admin's view: `GET /product/list?enabled_only=false`). Prices in rupees. */
export type CatalogProduct = DataOf<typeof API.toggleProduct>;

/** `GET /product/list?enabled_only=false`'s products: with that query the catalog answers an admin's list, not the board. */
export function adminListOf(data: DataOf<typeof API.listProducts> | undefined): CatalogProduct[] {
  return data && !('sections' in data) ? data.products : [];
}

/** What the form sends (`POST /product/create`, `PUT /product/update/{id}`). */
export type ProductBody = RequestOf<typeof API.createProduct>['body'];

/** The form's state: everything as typed, text until it is sent. */
export interface ProductDraft {
  name: string;
  price: string;
  amazonPrice: string;
  /** The saved retail price was checked again today: the save records it anew with today's date (decision 0166). */
  amazonPriceChecked: boolean;
  category: string;
  brand: string;
  newBrand: string;
  stock: string;
  images: string[];
  descriptions: { title: string; content: string }[];
  sku: string;
  variantGroup: string;
  isVariantPrimary: boolean;
  saleStartAt: string;
  saleEndAt: string;
  isEnabled: boolean;
  exclusive: boolean;
  /** GST tax facts for the invoice: the HSN code as typed, the rate as the rate table's percent ('' when none chosen). */
  hsnCode: string;
  gstRate: string;
}

export const DESCRIPTION_PREVIEW = 90;
export const NEW_BRAND = '__new__';
export { GST_RATES, LOWEST_PRICE_PAISE, PRODUCT_CATEGORIES };

/** The card's description preview: the first section's text, cut at 90 characters. */
export function descriptionPreview(product: Pick<CatalogProduct, 'descriptions'>): string {
  const text = product.descriptions.map((d) => d.content).find((content) => content.trim()) ?? '';
  return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}...` : text;
}

/**
 * The sale window is typed as dd/mm/yyyy hh:mm in India time, whatever the admin's computer says (docs/decisions/0143):
 * a native date-time box shows the browser's locale's order and zone.
 */
export function saleTimeToIso(text: string): string | null {
  const reading = readDateTimeText(text);
  return reading.kind === 'at' ? (fromIndianWallClock(reading.wallClock)?.toISOString() ?? null) : null;
}

export function isoToSaleTime(iso: string | null): string {
  return iso ? dateTimeText(indianWallClock(new Date(iso))) : '';
}

export function emptyDraft(): ProductDraft {
  return {
    name: '',
    price: '',
    amazonPrice: '',
    amazonPriceChecked: false,
    category: '',
    brand: '',
    newBrand: '',
    stock: '',
    images: [''],
    descriptions: [{ title: '', content: '' }],
    sku: '',
    variantGroup: '',
    isVariantPrimary: false,
    saleStartAt: '',
    saleEndAt: '',
    isEnabled: true,
    exclusive: false,
    hsnCode: '',
    gstRate: '',
  };
}

/** A price as the form's box shows it, to the paisa: 2299.9 → '2299.90' (the box takes rupees, two decimals). */
export const priceText = (rupees: number) => rupees.toFixed(2);

export function draftOf(product: CatalogProduct): ProductDraft {
  return {
    name: product.name,
    price: priceText(product.price),
    amazonPrice: product.amazonPrice === null ? '' : priceText(product.amazonPrice),
    amazonPriceChecked: false,
    category: product.category,
    brand: product.brand,
    newBrand: '',
    stock: String(product.stock),
    images: product.images.length > 0 ? [...product.images] : [''],
    descriptions: product.descriptions.length > 0 ? product.descriptions.map((d) => ({ ...d })) : [{ title: '', content: '' }],
    sku: product.sku,
    variantGroup: product.variantGroup ?? '',
    isVariantPrimary: product.isVariantPrimary,
    saleStartAt: isoToSaleTime(product.saleStartAt),
    saleEndAt: isoToSaleTime(product.saleEndAt),
    isEnabled: product.isEnabled,
    exclusive: product.exclusive,
    hsnCode: product.hsnCode ?? '',
    gstRate: product.gstRate === null ? '' : String(product.gstRate),
  };
}

/** The retail price as the catalogue keeps it: the price and when the operator recorded it (decision 0156). */
type SavedRetail = Pick<CatalogProduct, 'amazonPrice' | 'amazonPriceRecordedAt'>;

/** When the saved retail price was recorded (dd/mm/yyyy, India), or nothing when there is none or it has no date. */
export function retailRecordedOn(product: SavedRetail): string | undefined {
  return product.amazonPrice !== null && product.amazonPriceRecordedAt ? indianDate(new Date(product.amazonPriceRecordedAt)) : undefined;
}

/** Whether the Amazon price as typed is the saved one, recorded with its date: only then can it be checked again. */
export function keepsSavedRetail(draft: Pick<ProductDraft, 'amazonPrice'>, saved?: SavedRetail): saved is SavedRetail {
  const typed = draft.amazonPrice.trim();
  return typed !== '' && saved !== undefined && retailRecordedOn(saved) !== undefined && saved.amazonPrice === Number(typed);
}

/**
 * What the Amazon price field tells the operator (decisions 0156, 0166): members see a discount and a saving only
 * against a retail price recorded with its date, and the date is the day of the save that set it or checked it again.
 */
export function retailPriceHint(draft: Pick<ProductDraft, 'amazonPrice' | 'amazonPriceChecked'>, saved?: SavedRetail): string {
  if (draft.amazonPrice.trim() === '') return 'Without a retail price, members see no discount and no saving.';
  if (keepsSavedRetail(draft, saved) && !draft.amazonPriceChecked) {
    return `Recorded on ${retailRecordedOn(saved)}. Members see this date beside the discount.`;
  }
  return "Saving records this price with today's date. Members see that date beside the discount.";
}

export type DraftErrors = Partial<
  Record<
    | 'name'
    | 'price'
    | 'amazonPrice'
    | 'category'
    | 'stock'
    | 'images'
    | 'descriptions'
    | 'newBrand'
    | 'saleStartAt'
    | 'saleEndAt'
    | 'hsnCode'
    | 'gstRate',
    string
  >
>;

export const isUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
/** The fields the form shows an error at; the schema's issues on other fields come back from the server. */
const FORM_FIELDS = new Set<string>([
  'name',
  'price',
  'amazonPrice',
  'category',
  'stock',
  'images',
  'descriptions',
  'saleStartAt',
  'saleEndAt',
  'hsnCode',
  'gstRate',
]);

/**
 * The product form's rules (spec section 5) are the catalog's own (`productFormSchema`, with its words): the body the
 * form would send is checked with it. Before that, what the schema cannot see in a number once sent: an empty price
 * or stock box (it would send 0), and no category chosen. Beside it, what only the form asks: image URLs, at least
 * one; a new brand trimmed and not already in the list; sale times typed as dd/mm/yyyy hh:mm, the end after the start.
 */
export function validateDraft(draft: ProductDraft, brands: readonly string[]): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.price.trim()) errors.price = 'Price is required';
  if (!draft.category) errors.category = 'Category is required';
  if (!draft.stock.trim()) errors.stock = 'Stock is required';
  // The catalog requires both on every product (each sale is invoiced); the schema checks their form.
  if (!draft.hsnCode.trim()) errors.hsnCode = HSN_CODE_REQUIRED_MESSAGE;
  if (!draft.gstRate) errors.gstRate = GST_RATE_REQUIRED_MESSAGE;
  if (draft.images.some((image) => image.trim() && !isUrl(image.trim()))) errors.images = 'Each image must be a URL';
  // The catalog refuses a product without a picture (a card needs one); the spec keeps one image row always.
  else if (!draft.images.some((image) => image.trim())) errors.images = 'At least one image is required';
  for (const field of ['saleStartAt', 'saleEndAt'] as const) {
    const reading = readDateTimeText(draft[field]);
    if (reading.kind === 'invalid') errors[field] = reading.message;
  }
  for (const issue of productFormSchema.safeParse(bodyOf(draft)).error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (FORM_FIELDS.has(field)) errors[field as keyof DraftErrors] ??= issue.message;
  }
  const [starts, ends] = [saleTimeToIso(draft.saleStartAt), saleTimeToIso(draft.saleEndAt)];
  if (!errors.saleEndAt && starts && ends && ends <= starts) errors.saleEndAt = SALE_END_MESSAGE;
  if (draft.brand === NEW_BRAND) {
    const brand = draft.newBrand.trim();
    if (!brand) errors.newBrand = 'Enter the new brand name';
    else if (brands.some((existing) => existing.toLowerCase() === brand.toLowerCase())) errors.newBrand = 'This brand already exists';
  }
  return errors;
}

/** The body of `POST /product/create` and `PUT /product/update/{id}`: empty rows dropped, empty optionals null. */
export function bodyOf(draft: ProductDraft): ProductBody {
  return {
    name: draft.name.trim(),
    price: Number(draft.price),
    amazonPrice: draft.amazonPrice.trim() ? Number(draft.amazonPrice) : null,
    ...(draft.amazonPriceChecked && draft.amazonPrice.trim() ? { amazonPriceChecked: true } : {}),
    // The form's select offers only the catalog's categories (and validateDraft refuses none chosen).
    category: draft.category as ProductBody['category'],
    brand: draft.brand === NEW_BRAND ? draft.newBrand.trim() : draft.brand,
    stock: Number(draft.stock),
    images: draft.images.map((image) => image.trim()).filter(Boolean),
    descriptions: draft.descriptions.map((d) => ({ title: d.title.trim(), content: d.content.trim() })).filter((d) => d.title || d.content),
    sku: draft.sku.trim(),
    variantGroup: draft.variantGroup.trim() || null,
    isVariantPrimary: draft.isVariantPrimary,
    saleStartAt: saleTimeToIso(draft.saleStartAt),
    saleEndAt: saleTimeToIso(draft.saleEndAt),
    isEnabled: draft.isEnabled,
    exclusive: draft.exclusive,
    hsnCode: draft.hsnCode.trim() || null,
    gstRate: draft.gstRate ? Number(draft.gstRate) : null,
  };
}
