import {
  API,
  FULFILMENT_STEP_LABELS,
  FULFILMENT_STEPS,
  type OperationTable,
  ORDER_STATUSES,
  type ResponseOf,
  SUBSCRIPTION_STATUSES,
} from '@elts/contracts';
import { useSearchParams } from '@elts/router';
import { type Column, DataTable, EmptyState, formatCount, formatDate, OrderStageBadge, StatusBadge, Tabs } from '@elts/ui';
import { type ReactNode, useState } from 'react';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ChartsSection } from '../../charts/ChartsSection.js';
import { DateRange, FilterBar, FilterSelect, FilterText } from '../../components/FilterBar.js';
import { ListStates } from '../../components/ListStates.js';
import { tableRupees } from '../../components/money.js';
import { PageHeader } from '../../components/PageHeader.js';
import { Pager } from '../../components/Pager.js';
import { StatCard, StatGrid } from '../../components/StatCard.js';
import { useFilters } from '../../components/use-filters.js';
import { useFulfilmentControls } from './fulfilment/FulfilmentControls.js';
import { InvoiceButton } from './InvoiceButton.js';
import { useOutOfStockControls } from './out-of-stock/OutOfStockControls.js';
import { useOrderRefunds } from './refunds/OrderRefunds.js';

const PAGE_SIZE = 20;
type Tab = 'product' | 'subscription';

type ProductOrder = ResponseOf<OperationTable['adminProductOrders']>['orders'][number];
type Subscription = ResponseOf<OperationTable['adminSubscriptions']>['orders'][number];
type Customer = ProductOrder['user'];

/** Every status each kind can have, so each can be found (a revoked subscription too): the server's own lists. */
const STATUSES: Record<Tab, readonly string[]> = { product: ORDER_STATUSES, subscription: SUBSCRIPTION_STATUSES };
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const nameOf = (user: Customer | null, fallback?: string | null) =>
  [user?.firstname, user?.lastname].filter(Boolean).join(' ').trim() || fallback || user?.email || 'N/A';

const PRODUCT_COLUMNS: Column<ProductOrder>[] = [
  { key: 'orderId', header: 'Order ID', cell: (o) => <code className="text-xs">{o.orderId}</code> },
  {
    key: 'customer',
    header: 'Customer',
    cell: (o) => (
      <div>
        <p className="font-medium text-ink-900">{nameOf(o.user, o.customerName)}</p>
        <p className="text-xs break-all text-ink-500">{o.customerEmail ?? o.user?.email ?? ''}</p>
      </div>
    ),
  },
  {
    key: 'product',
    header: 'Product',
    cell: (o) =>
      o.product?.name ? (
        <div className="flex items-center gap-3">
          {o.product.images?.[0] ? (
            <img src={o.product.images[0]} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
          ) : (
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-ink-100 text-xs font-bold text-ink-500">IMG</span>
          )}
          <div className="min-w-[7.5rem]">
            <p className="font-medium text-ink-900">{o.product.name}</p>
            <p className="text-xs text-ink-500">{[o.product.brand, o.product.category].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
      ) : (
        'Product not found'
      ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (o) => (
      <div>
        <p>{tableRupees(o.amount)}</p>
        {/* What the payments kept once money went back: the revenue this order counts for. */}
        {o.refunds.length > 0 && <p className="text-xs text-ink-500">Kept {tableRupees(o.netAmount)}</p>}
      </div>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    cell: (o) => (
      <div className="flex flex-col items-start gap-1">
        {formatDate(o.createdAt)}
        {/* The tax invoice exists once the goods shipped (docs/decisions/0093). */}
        {o.fulfilment?.awbNumber && <InvoiceButton orderId={o.orderId} />}
      </div>
    ),
  },
];

/** The Status column: the order's stage in the words of every page, and its refunds beneath (issue 32). */
const statusColumn = (refunds: (order: ProductOrder) => ReactNode): Column<ProductOrder> => ({
  key: 'status',
  header: 'Status',
  cell: (o) => (
    <div>
      {/* The steps have their own column: the status says where the money stands (paid, refunds). */}
      <OrderStageBadge status={o.status} refundState={o.refunds.at(-1)?.state} />
      {refunds(o)}
    </div>
  ),
});

const SUBSCRIPTION_COLUMNS: Column<Subscription>[] = [
  { key: 'subscriptionId', header: 'Subscription ID', cell: (s) => <code className="text-xs">{s.subscriptionId}</code> },
  {
    key: 'customer',
    header: 'Customer',
    cell: (s) => (
      <div>
        <p className="font-medium text-ink-900">{nameOf(s.user)}</p>
        <p className="text-xs text-ink-500">{s.userId}</p>
      </div>
    ),
  },
  {
    key: 'plan',
    header: 'Plan',
    cell: (s) => (
      <div>
        <p className="font-medium text-ink-900">{capital(s.planType)}</p>
        <p className="text-xs text-ink-500">{capital(s.frequency)}</p>
      </div>
    ),
  },
  { key: 'amount', header: 'Amount', align: 'right', cell: (s) => tableRupees(s.amount) },
  { key: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
  {
    key: 'date',
    header: 'Date',
    cell: (s) => (
      <div>
        <p>Started: {formatDate(s.startDate ?? s.createdAt)}</p>
        {s.endDate && <p className="text-xs text-ink-500">Ends: {formatDate(s.endDate)}</p>}
      </div>
    ),
  },
];

/** `/admin/orders`: Product Orders and Subscriptions tabs, each with its stat cards, filters and table. */
export function OrdersPage() {
  const [tab, setTab] = useState<Tab>('product');
  // The audit trail links an order here as ?search=<order id>.
  const [address] = useSearchParams();
  const { filters, setFilter, page, setPage, reset } = useFilters({
    status: '',
    fulfilment: '',
    startDate: '',
    endDate: '',
    searchTerm: address.get('search') ?? '',
  });
  const product = tab === 'product';
  const query = { type: tab, ...filters };
  const productOrders = useAdminOperation(API.adminProductOrders, { query: { ...query, page, limit: PAGE_SIZE } }, { enabled: product });
  const subscriptions = useAdminOperation(API.adminSubscriptions, { query: { ...query, page, limit: PAGE_SIZE } }, { enabled: !product });
  const productStats = useAdminOperation(API.adminProductOrderStats, { query }, { enabled: product });
  const subscriptionStats = useAdminOperation(API.adminSubscriptionStats, { query }, { enabled: !product });
  const list = product ? productOrders : subscriptions;
  const figures = product ? productStats.data?.data : subscriptionStats.data?.data;
  const subscriptionFigures = product ? undefined : subscriptionStats.data?.data;
  const count = (value: number | undefined) => (value === undefined ? '-' : formatCount(value));
  const productRows = product ? (productOrders.data?.orders ?? []) : [];
  const subscriptionRows = product ? [] : (subscriptions.data?.orders ?? []);
  const fulfilment = useFulfilmentControls(productRows);
  const outOfStock = useOutOfStockControls<ProductOrder>();
  const refunds = useOrderRefunds();
  const productColumns = [...PRODUCT_COLUMNS.slice(0, -1), statusColumn(refunds.cell), ...PRODUCT_COLUMNS.slice(-1)];

  const switchTab = (next: Tab) => {
    setTab(next);
    // Status values differ between the tabs, so the filters start afresh; the page goes back to 1.
    reset();
  };

  return (
    <>
      <PageHeader title="Orders" />
      <Tabs
        label="Order kinds"
        tabs={[
          { key: 'product', label: 'Product Orders' },
          { key: 'subscription', label: 'Subscriptions' },
        ]}
        selected={tab}
        onSelect={switchTab}
      >
        <StatGrid>
          <StatCard label="Total Revenue" value={figures ? tableRupees(figures.totalRevenue) : '-'} />
          <StatCard label={tab === 'product' ? 'Total Orders' : 'Total Subscriptions'} value={count(figures?.totalOrders)} />
          <StatCard
            label="Completed"
            value={count(figures?.completedOrders)}
            tone="success"
            note={tab === 'subscription' ? 'Ran their full term' : undefined}
          />
          <StatCard label="Pending" value={count(figures?.pendingOrders)} tone="warning" />
          {tab === 'subscription' && (
            <>
              <StatCard label="Active" value={count(subscriptionFigures?.activeSubscriptions)} tone="success" />
              <StatCard label="Failed" value={count(subscriptionFigures?.failedSubscriptions)} tone="error" />
              <StatCard label="Cancelled" value={count(subscriptionFigures?.cancelledSubscriptions)} tone="error" />
              <StatCard label="Revoked" value={count(subscriptionFigures?.revokedSubscriptions)} />
            </>
          )}
        </StatGrid>
        {tab === 'product' && <ChartsSection page="orders" />}
        <div className="mt-6">
          <FilterBar label="Order filters">
            <FilterSelect
              label="Status"
              value={filters.status}
              options={[{ value: '', label: 'All' }, ...STATUSES[tab].map((s) => ({ value: s, label: capital(s) }))]}
              onChange={(v) => setFilter('status', v)}
            />
            {tab === 'product' && (
              <FilterSelect
                label="Fulfilment"
                value={filters.fulfilment}
                options={[
                  { value: '', label: 'All' },
                  ...FULFILMENT_STEPS.map((step) => ({ value: step, label: FULFILMENT_STEP_LABELS[step] })),
                ]}
                onChange={(v) => setFilter('fulfilment', v)}
              />
            )}
            <DateRange start={filters.startDate} end={filters.endDate} onChange={setFilter} />
            <FilterText label="Search" type="search" value={filters.searchTerm} onChange={(v) => setFilter('searchTerm', v)} />
          </FilterBar>
        </div>
        <ListStates
          isLoading={list.isLoading}
          error={list.error}
          loading="Loading orders..."
          fallback="Failed to fetch orders"
          onRetry={() => list.refetch()}
        >
          {tab === 'product' && fulfilment.panel}
          {tab === 'product' && outOfStock.dialog}
          {tab === 'product' && refunds.dialog}
          {tab === 'product' ? (
            <DataTable
              caption="Product orders"
              columns={[...fulfilment.columns(productColumns, outOfStock.action), outOfStock.column]}
              rows={productRows}
              rowKey={(o) => o.orderId}
              empty={<EmptyState title="No orders found" />}
            />
          ) : (
            <DataTable
              caption="Subscriptions"
              columns={SUBSCRIPTION_COLUMNS}
              rows={subscriptionRows}
              rowKey={(s) => s.subscriptionId}
              empty={<EmptyState title="No subscriptions found" />}
            />
          )}
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            totalPages={list.data?.pagination.totalPages ?? 1}
            totalCount={list.data?.pagination.totalCount ?? 0}
            noun={tab === 'product' ? 'orders' : 'subscriptions'}
            onPageChange={setPage}
          />
        </ListStates>
      </Tabs>
    </>
  );
}
