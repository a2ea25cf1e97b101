import { API } from '@elts/contracts';
import { ApiError, Button, Card, cx, EmptyState, Tabs, useToast } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminOperation, failureText } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ListStates } from '../../components/ListStates.js';
import { priceRupees } from '../../components/money.js';
import { PageHeader } from '../../components/PageHeader.js';
import { DropsPanel } from './DropsPanel.js';
import { EarlyAccessPanel } from './EarlyAccessPanel.js';
import { ProductFormModal } from './ProductFormModal.js';
import {
  adminListOf,
  bodyOf,
  type CatalogProduct,
  type DraftErrors,
  descriptionPreview,
  draftOf,
  emptyDraft,
  type ProductDraft,
} from './product-form.js';

function ProductCard({
  product,
  onEdit,
  onToggle,
  busy,
}: {
  product: CatalogProduct;
  onEdit: () => void;
  onToggle: () => void;
  busy: boolean;
}) {
  return (
    <Card as="li" padded={false} aria-label={product.name} className="flex flex-col overflow-hidden">
      <div className="relative aspect-[4/3] bg-ink-100">
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
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-lg font-bold text-ink-950">{product.name}</h2>
        <p className="text-sm text-ink-600">{[product.brand, product.category].filter(Boolean).join(' · ')}</p>
        <p className="text-sm">
          <span className="font-bold text-ink-950">{priceRupees(product.price)}</span>
          {product.amazonPrice !== null && <span className="ml-2 text-ink-500 line-through">{priceRupees(product.amazonPrice)}</span>}
          <span className="ml-3 text-ink-600">Stock: {product.stock}</span>
        </p>
        <p className="text-sm text-ink-700">{descriptionPreview(product)}</p>
        <div className="mt-auto flex gap-2 pt-3">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant={product.isEnabled ? 'danger' : 'primary'} busy={busy} onClick={onToggle}>
            {product.isEnabled ? 'Disable' : 'Enable'}
          </Button>
        </div>
      </div>
    </Card>
  );
}

type CatalogTab = 'products' | 'drops' | 'early-access';

/** `/admin/products`: the products, and the deal drops and early-access list that decide when and who sees them. */
export function ProductsPage() {
  const [tab, setTab] = useState<CatalogTab>('products');
  return (
    <>
      <PageHeader title="Product Catalog" />
      <Tabs
        label="Catalog"
        tabs={[
          { key: 'products', label: 'Products' },
          { key: 'drops', label: 'Deal Drops' },
          { key: 'early-access', label: 'Early Access' },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'products' && <ProductsPanel />}
        {tab === 'drops' && <DropsPanel />}
        {tab === 'early-access' && <EarlyAccessPanel />}
      </Tabs>
    </>
  );
}

/** Every product as a card, the add and edit form, and the enable/disable switch. */
function ProductsPanel() {
  const toast = useToast();
  const client = useQueryClient();
  const products = useAdminOperation(API.listProducts, { query: { enabled_only: 'false' } });
  const brands = useAdminOperation(API.productBrands, {});
  const [editing, setEditing] = useState<{ product?: CatalogProduct; draft: ProductDraft }>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; fields: DraftErrors }>();
  const { busy: toggling, run } = useAdminAction();
  const reload = () => client.invalidateQueries({ queryKey: ['admin'] });

  const save = async (draft: ProductDraft) => {
    const product = editing?.product;
    setSaving(true);
    setSaveError(undefined);
    try {
      const answer = product
        ? await adminOperation(API.updateProduct, { params: { id: product.id }, body: bodyOf(draft) })
        : await adminOperation(API.createProduct, { body: bodyOf(draft) });
      toast({ tone: 'success', message: answer.message ?? (product ? 'Product updated' : 'Product created') });
      setEditing(undefined);
      await reload();
    } catch (error) {
      const fields = Object.fromEntries(
        (error instanceof ApiError ? error.issues : []).map((issue) => [issue.path.split('.')[0], issue.message]),
      );
      setSaveError({ message: failureText(error, product ? 'Failed to update product' : 'Failed to create product'), fields });
    } finally {
      setSaving(false);
    }
  };

  const toggle = (product: CatalogProduct) =>
    run(
      product.id,
      () => adminOperation(API.toggleProduct, { params: { id: product.id } }),
      (error) => `Failed to ${product.isEnabled ? 'disable' : 'enable'} product: ${failureText(error, 'Failed to toggle product status')}`,
    );

  const list = adminListOf(products.data?.data);
  return (
    <>
      <div className="mb-6 flex justify-end">
        <Button onClick={() => setEditing({ draft: emptyDraft() })}>Add Product</Button>
      </div>
      <ListStates
        isLoading={products.isLoading}
        error={products.error}
        loading="Loading products..."
        fallback="Failed to fetch products"
        onRetry={() => products.refetch()}
      >
        {list.length === 0 ? (
          <EmptyState title="No products yet" message="Add the first product for the deals board." />
        ) : (
          <ul aria-label="Products" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                busy={toggling === product.id}
                onEdit={() => setEditing({ product, draft: draftOf(product) })}
                onToggle={() => toggle(product)}
              />
            ))}
          </ul>
        )}
      </ListStates>
      {editing && (
        <ProductFormModal
          title={editing.product ? 'Edit Product' : 'Add Product'}
          initial={editing.draft}
          brands={brands.data?.data.brands ?? []}
          busy={saving}
          saveError={saveError?.message}
          serverErrors={saveError?.fields}
          onSave={save}
          onClose={() => {
            setEditing(undefined);
            setSaveError(undefined);
          }}
        />
      )}
    </>
  );
}
