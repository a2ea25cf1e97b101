import { describe, expect, it } from 'vitest';
import { brandsIn, filterProducts, NO_PRODUCT_FILTERS } from '../src/pages/products/product-filters.js';

const product = (
  id: string,
  name: string,
  more: Partial<{ brand: string; category: string; isEnabled: boolean; source: string }> = {},
) => ({
  id,
  name,
  brand: more.brand ?? 'Prestige',
  sku: `SKU-${id}`,
  category: more.category ?? 'Home & Garden',
  isEnabled: more.isEnabled ?? true,
  saleWindow: { startAt: null, endAt: null, source: (more.source ?? 'product') as 'product', state: 'open' as const },
});

const LIST = [
  product('PRD-1', 'Electric Kettle 1.5 L'),
  product('PRD-2', 'Air Zoom Pegasus 41', { brand: 'Nike', category: 'Sports & Outdoors', source: 'drop' }),
  product('PRD-3', 'Pressure Cooker', { isEnabled: false, source: 'calendar' }),
  product('PRD-4', 'Galaxy Buds', { brand: 'Samsung', category: 'Electronics', source: 'none' }),
];
const ids = (filters: Partial<typeof NO_PRODUCT_FILTERS>) => filterProducts(LIST, { ...NO_PRODUCT_FILTERS, ...filters }).map((p) => p.id);

describe('the catalogue filters', () => {
  it('finds by every word of the search in the name, brand, SKU or id', () => {
    expect(ids({ search: 'nike pegasus' })).toEqual(['PRD-2']);
    expect(ids({ search: 'prd-4' })).toEqual(['PRD-4']);
    expect(ids({ search: 'sku-prd-1' })).toEqual(['PRD-1']);
    expect(ids({})).toEqual(['PRD-1', 'PRD-2', 'PRD-3', 'PRD-4']);
  });

  it('filters by category, brand, enabled and where the sale window comes from', () => {
    expect(ids({ category: 'Electronics' })).toEqual(['PRD-4']);
    expect(ids({ brand: 'Prestige' })).toEqual(['PRD-1', 'PRD-3']);
    expect(ids({ status: 'disabled' })).toEqual(['PRD-3']);
    expect(ids({ window: 'drop' })).toEqual(['PRD-2', 'PRD-3']);
    expect(ids({ window: 'own' })).toEqual(['PRD-1']);
    expect(ids({ window: 'none', status: 'enabled' })).toEqual(['PRD-4']);
  });

  it('offers the brands the catalogue holds, A to Z', () => {
    expect(brandsIn(LIST)).toEqual(['Nike', 'Prestige', 'Samsung']);
  });
});
