import { PRODUCT_CATEGORIES } from '@elts/contracts';
import { Button, Card, type Column, cx, DataTable, EmptyState } from '@elts/ui';
import { useState } from 'react';
import { FilterBar, FilterSelect, FilterText } from '../../components/FilterBar.js';
import { priceRupees } from '../../components/money.js';
import { brandsIn, filterProducts, NO_PRODUCT_FILTERS, type ProductFilters, STATUS_OPTIONS, WINDOW_OPTIONS } from './product-filters.js';
import { type CatalogProduct, descriptionPreview, retailRecordedOn } from './product-form.js';

interface Actions {
  /** The product whose switch is in flight. */
  busy: string | undefined;
  onEdit: (product: CatalogProduct) => void;
  onToggle: (product: CatalogProduct) => void;
}

const SALE_WORDS: Record<CatalogProduct['saleWindow']['source'], string> = {
  drop: 'In a drop',
  calendar: 'In the next drop',
  product: 'Own sale dates',
  none: 'Not on sale',
};

function ProductActions({ product, busy, onEdit, onToggle }: Actions & { product: CatalogProduct }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => onEdit(product)}>
        Edit
      </Button>
      <Button
        size="sm"
        variant={product.isEnabled ? 'danger-outline' : 'primary'}
        busy={busy === product.id}
        onClick={() => onToggle(product)}
      >
        {product.isEnabled ? 'Disable' : 'Enable'}
      </Button>
    </div>
  );
}

function Price({ product }: { product: CatalogProduct }) {
  const recordedOn = retailRecordedOn(product);
  return (
    <>
      <span className="font-bold text-ink-950">{priceRupees(product.price)}</span>
      {product.amazonPrice !== null && <span className="ml-2 text-ink-500 line-through">{priceRupees(product.amazonPrice)}</span>}
      {recordedOn && <span className="block text-xs text-ink-500">Retail price recorded on {recordedOn}</span>}
    </>
  );
}

function ProductCard({ product, ...actions }: Actions & { product: CatalogProduct }) {
  return (
    <Card as="li" padded={false} aria-label={product.name} className="flex flex-col overflow-hidden">
      <div className="relative aspect-[16/9] bg-ink-100">
        {product.images[0] ? (
          // A disabled card is dimmed through its picture: dimmed text would be unreadable.
          <img src={product.images[0]} alt="" className={cx('size-full object-cover', !product.isEnabled && 'opacity-40 grayscale')} />
        ) : (
          <span className="grid size-full place-items-center text-sm font-bold text-ink-500">IMG</span>
        )}
        {!product.isEnabled && (
          <span className="absolute top-3 left-3 rounded-full bg-ink-900 px-3 py-1 text-xs font-bold text-white">Disabled</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h2 className="font-bold text-ink-950">{product.name}</h2>
        <p className="text-sm text-ink-600">{[product.brand, product.category].filter(Boolean).join(' · ')}</p>
        <p className="text-sm">
          <Price product={product} />
          <span className="ml-3 text-ink-600">Stock: {product.stock}</span>
        </p>
        <p className="text-sm text-ink-700">{descriptionPreview(product)}</p>
        <div className="mt-auto pt-2">
          <ProductActions product={product} {...actions} />
        </div>
      </div>
    </Card>
  );
}

function compactColumns(actions: Actions): Column<CatalogProduct>[] {
  return [
    {
      key: 'name',
      header: 'Product',
      sortValue: (p) => p.name,
      cell: (p) => (
        <div className="flex items-center gap-3">
          {p.images[0] ? (
            <img
              src={p.images[0]}
              alt=""
              className={cx('size-10 shrink-0 rounded-lg object-cover', !p.isEnabled && 'opacity-40 grayscale')}
            />
          ) : (
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-ink-100 text-xs font-bold text-ink-500">IMG</span>
          )}
          <div className="min-w-[8rem]">
            <p className="font-medium text-ink-900">{p.name}</p>
            <p className="text-xs text-ink-600">{[p.brand, p.category].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
      ),
    },
    { key: 'price', header: 'Price', align: 'right', sortValue: (p) => p.price, cell: (p) => <Price product={p} /> },
    { key: 'stock', header: 'Stock', align: 'right', sortValue: (p) => p.stock, cell: (p) => p.stock },
    { key: 'sale', header: 'Sale', cell: (p) => SALE_WORDS[p.saleWindow.source] },
    { key: 'status', header: 'Status', cell: (p) => (p.isEnabled ? 'Enabled' : 'Disabled') },
    { key: 'actions', header: 'Actions', cell: (p) => <ProductActions product={p} {...actions} /> },
  ];
}

type View = 'cards' | 'compact';

/**
 * The catalogue: search and filters (category, brand, enabled, where its sale window comes from), and two views of
 * what they find: cards with the picture and description, or a compact table of one line a product.
 */
export function ProductList({ products, search, ...actions }: Actions & { products: readonly CatalogProduct[]; search: string }) {
  const [filters, setFilters] = useState<ProductFilters>({ ...NO_PRODUCT_FILTERS, search });
  const [view, setView] = useState<View>('cards');
  const set = (key: keyof ProductFilters, value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const shown = filterProducts(products, filters);
  const all = (options: readonly string[]) => [{ value: '', label: 'All' }, ...options.map((option) => ({ value: option, label: option }))];

  if (products.length === 0) return <EmptyState title="No products yet" message="Add the first product for the deals board." />;
  return (
    <>
      <FilterBar label="Product filters">
        <FilterText
          label="Search products"
          type="search"
          placeholder="Name, brand, SKU or ID"
          value={filters.search}
          onChange={(v) => set('search', v)}
        />
        <FilterSelect label="Category" value={filters.category} options={all(PRODUCT_CATEGORIES)} onChange={(v) => set('category', v)} />
        <FilterSelect label="Brand" value={filters.brand} options={all(brandsIn(products))} onChange={(v) => set('brand', v)} />
        <FilterSelect label="Status" value={filters.status} options={STATUS_OPTIONS} onChange={(v) => set('status', v)} />
        <FilterSelect label="Sale window" value={filters.window} options={WINDOW_OPTIONS} onChange={(v) => set('window', v)} />
      </FilterBar>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-600" aria-live="polite">
          Showing {shown.length} of {products.length} products
        </p>
        <fieldset className="flex gap-1 rounded-full bg-white p-1 ring-1 ring-ink-100">
          <legend className="sr-only">View</legend>
          {(
            [
              ['cards', 'Cards'],
              ['compact', 'Compact list'],
            ] as const
          ).map(([key, label]) => (
            <button
              key={key}
              type="button"
              aria-pressed={view === key}
              onClick={() => setView(key)}
              className={cx(
                'cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold',
                view === key ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50',
              )}
            >
              {label}
            </button>
          ))}
        </fieldset>
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No products match these filters" />
      ) : view === 'cards' ? (
        <ul aria-label="Products" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((product) => (
            <ProductCard key={product.id} product={product} {...actions} />
          ))}
        </ul>
      ) : (
        <DataTable caption="Products" columns={compactColumns(actions)} rows={shown} rowKey={(p) => p.id} />
      )}
    </>
  );
}
