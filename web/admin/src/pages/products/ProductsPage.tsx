import { API } from '@elts/contracts';
import { useSearchParams } from '@elts/router';
import { ApiError, Button, Tabs, useToast } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminOperation, failureText } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ListStates } from '../../components/ListStates.js';
import { PageHeader } from '../../components/PageHeader.js';
import { DropsPanel } from './DropsPanel.js';
import { EarlyAccessPanel } from './EarlyAccessPanel.js';
import { LiveSalePanel } from './LiveSalePanel.js';
import { ProductFormModal } from './ProductFormModal.js';
import { ProductList } from './ProductList.js';
import { adminListOf, bodyOf, type CatalogProduct, type DraftErrors, draftOf, emptyDraft, type ProductDraft } from './product-form.js';

const CATALOG_TABS = ['products', 'drops', 'early-access'] as const;
type CatalogTab = (typeof CATALOG_TABS)[number];

/** `/admin/products`: the products, and the deal drops and early-access list that decide when and who sees them. */
export function ProductsPage() {
  // The audit trail links here: ?tab=drops or ?tab=early-access, or a product as ?search=<its id>.
  const [address] = useSearchParams();
  const [tab, setTab] = useState<CatalogTab>(CATALOG_TABS.find((key) => key === address.get('tab')) ?? 'products');
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
        {tab === 'products' && <ProductsPanel search={address.get('search') ?? ''} />}
        {tab === 'drops' && (
          <div className="flex flex-col gap-6">
            <LiveSalePanel />
            <DropsPanel />
          </div>
        )}
        {tab === 'early-access' && <EarlyAccessPanel />}
      </Tabs>
    </>
  );
}

/** The catalogue (ProductList), the add and edit form, and the enable/disable switch. */
function ProductsPanel({ search }: { search: string }) {
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

  const [disabling, setDisabling] = useState<CatalogProduct>();
  const toggle = (product: CatalogProduct) =>
    run(
      product.id,
      () => adminOperation(API.toggleProduct, { params: { id: product.id } }),
      (error) => `Failed to ${product.isEnabled ? 'disable' : 'enable'} product: ${failureText(error, 'Failed to toggle product status')}`,
    );
  // Disabling hides the product from every board, so it asks first; enabling shows it again at once.
  const askToToggle = (product: CatalogProduct) => (product.isEnabled ? setDisabling(product) : void toggle(product));

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
        <ProductList
          products={list}
          search={search}
          busy={toggling}
          onEdit={(product) => setEditing({ product, draft: draftOf(product) })}
          onToggle={askToToggle}
        />
      </ListStates>
      <ConfirmDialog
        open={Boolean(disabling)}
        title={`Disable ${disabling?.name ?? ''}?`}
        confirm="Disable product"
        cancel="Keep it on sale"
        onConfirm={() => {
          if (disabling) void toggle(disabling);
          setDisabling(undefined);
        }}
        onCancel={() => setDisabling(undefined)}
      >
        <p>Members no longer see it on their deals boards and cannot order it. Orders already placed are not affected.</p>
      </ConfirmDialog>
      {editing && (
        <ProductFormModal
          title={editing.product ? 'Edit Product' : 'Add Product'}
          initial={editing.draft}
          saved={editing.product}
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
