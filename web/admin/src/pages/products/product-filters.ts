import type { CatalogProduct } from './product-form.js';

/**
 * The catalogue's filters (issue 34: forty products were a 7,700 px page of cards with no way to find one). They run
 * on the list the page already holds: the back office reads the whole catalogue in one answer.
 */
export interface ProductFilters {
  /** Words found in the name, brand, SKU or id, any case. */
  search: string;
  category: string;
  brand: string;
  status: '' | 'enabled' | 'disabled';
  /** Where the product's sale window comes from: a drop (its own or the calendar's), its own dates, or none. */
  window: '' | 'drop' | 'own' | 'none';
}

export const NO_PRODUCT_FILTERS: ProductFilters = { search: '', category: '', brand: '', status: '', window: '' };

export const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
] as const;

export const WINDOW_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'drop', label: 'In a drop' },
  { value: 'own', label: 'Own sale dates' },
  { value: 'none', label: 'Not on sale' },
] as const;

type Filtered = Pick<CatalogProduct, 'id' | 'name' | 'brand' | 'sku' | 'category' | 'isEnabled' | 'saleWindow'>;

const windowKind = (product: Filtered): ProductFilters['window'] => {
  const { source } = product.saleWindow;
  if (source === 'drop' || source === 'calendar') return 'drop';
  return source === 'product' ? 'own' : 'none';
};

export function filterProducts<Product extends Filtered>(products: readonly Product[], filters: ProductFilters): Product[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return products.filter((product) => {
    const text = [product.name, product.brand, product.sku, product.id].join(' ').toLowerCase();
    if (!words.every((word) => text.includes(word))) return false;
    if (filters.category && product.category !== filters.category) return false;
    if (filters.brand && product.brand !== filters.brand) return false;
    if (filters.status && product.isEnabled !== (filters.status === 'enabled')) return false;
    return !filters.window || windowKind(product) === filters.window;
  });
}

/** The brands the list holds, A to Z, for the Brand filter. */
export const brandsIn = (products: readonly Pick<CatalogProduct, 'brand'>[]): string[] =>
  [...new Set(products.map((product) => product.brand).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en-IN'));
