import { API } from '@elts/contracts';
import { type Column, DataTable, EmptyState, formatCount, formatDateTime, StatusBadge } from '@elts/ui';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ChartsSection } from '../../charts/ChartsSection.js';
import { DateRange, FilterBar, FilterSelect, FilterText } from '../../components/FilterBar.js';
import { ListStates } from '../../components/ListStates.js';
import { tableRupees } from '../../components/money.js';
import { PageHeader } from '../../components/PageHeader.js';
import { Pager } from '../../components/Pager.js';
import { StatCard, StatGrid } from '../../components/StatCard.js';
import { useFilters } from '../../components/use-filters.js';
import { type AdminPayment, PAYMENT_STATUS_OPTIONS, payerName, statusLabel, timeoutInfo, typeLabel } from './payment-words.js';

const PAGE_SIZE = 20;
/** The Timed Out view reads the timed-out list of the last 30 days (spec section 9). */
const TIMEOUT_VIEW_DAYS = 30;

const TYPE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'product_order', label: 'Product Order' },
  { value: 'refund', label: 'Refund' },
];

export function TimeoutInfoCell({ payment }: { payment: AdminPayment }) {
  const info = timeoutInfo(payment);
  if (info.kind === 'auto' || info.kind === 'timeout') return <span className="text-xs font-bold text-red-700">{info.text}</span>;
  if (info.kind === 'pending')
    return (
      <span className="inline-flex items-center gap-2 tabular-nums">
        {info.text}
        {info.atRisk && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900">AT RISK</span>}
      </span>
    );
  return <span>{info.text}</span>;
}

const COLUMNS: Column<AdminPayment>[] = [
  { key: 'paymentId', header: 'Payment ID', cell: (p) => <code className="text-xs">{p.paymentId}</code> },
  { key: 'orderId', header: 'Order ID', cell: (p) => <code className="text-xs">{p.orderId}</code> },
  {
    key: 'user',
    header: 'User',
    cell: (p) => (
      <div>
        <p className="font-medium text-ink-900">{payerName(p)}</p>
        <p className="text-xs text-ink-500">{p.userId ?? ''}</p>
      </div>
    ),
  },
  { key: 'amount', header: 'Amount', align: 'right', cell: (p) => tableRupees(p.amount) },
  { key: 'type', header: 'Type', cell: (p) => typeLabel(p.paymentType) },
  { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} label={statusLabel(p.status)} /> },
  { key: 'method', header: 'Method', cell: (p) => p.paymentMethod || 'N/A' },
  { key: 'timeout', header: 'Timeout Info', cell: (p) => <TimeoutInfoCell payment={p} /> },
  {
    key: 'date',
    header: 'Date',
    cell: (p) => (
      <div>
        <p>{formatDateTime(p.createdAt)}</p>
        {p.processedAt && <p className="text-xs text-ink-500">Processed: {formatDateTime(p.processedAt)}</p>}
      </div>
    ),
  },
];

/** `/admin/payments`: six summary cards, the filters, and the payments 20 a page. */
export function PaymentsPage() {
  const { filters, setFilter, page, setPage } = useFilters({ status: '', paymentType: '', startDate: '', endDate: '', searchTerm: '' });
  const timedOut = filters.status === 'timeout';
  // The Timed Out view lists the timed-out payments of the last 30 days; the others, the payments the filters select.
  const payments = useAdminOperation(API.adminPayments, { query: { ...filters, page, limit: PAGE_SIZE } }, { enabled: !timedOut });
  const timedOutPayments = useAdminOperation(
    API.adminTimedOutPayments,
    { query: { ...filters, status: undefined, page, limit: PAGE_SIZE, days: TIMEOUT_VIEW_DAYS } },
    { enabled: timedOut },
  );
  const list = timedOut ? timedOutPayments : payments;
  // Stats failures are only logged (spec section 8): the cards then show dashes.
  const stats = useAdminOperation(API.adminPaymentStats, { query: timedOut ? { ...filters, days: TIMEOUT_VIEW_DAYS } : filters });
  const figures = stats.data?.data;
  const count = (value: number | undefined) => (value === undefined ? '-' : formatCount(value));

  const totalPages = (timedOut ? timedOutPayments.data?.pagination.total_pages : payments.data?.pagination.totalPages) ?? 1;
  const totalCount = (timedOut ? timedOutPayments.data?.pagination.total_items : payments.data?.pagination.totalCount) ?? 0;

  return (
    <>
      <PageHeader title="Payments" />
      <StatGrid>
        <StatCard label="Total Revenue" value={figures ? tableRupees(figures.totalRevenue) : '-'} />
        <StatCard label="Total Payments" value={count(figures?.totalPayments)} />
        <StatCard label="Successful" value={count(figures?.successfulPayments)} tone="success" />
        <StatCard label="Pending" value={count(figures?.pendingPayments)} tone="warning" />
        <StatCard label="Failed" value={count(figures?.failedPayments)} tone="error" />
        <StatCard label="Timed Out" value={count(figures?.timedOutPayments)} tone="error" />
      </StatGrid>
      <ChartsSection page="payments" />
      <div className="mt-6">
        <FilterBar label="Payment filters">
          <FilterSelect label="Status" value={filters.status} options={PAYMENT_STATUS_OPTIONS} onChange={(v) => setFilter('status', v)} />
          <FilterSelect
            label="Payment Type"
            value={filters.paymentType}
            options={TYPE_OPTIONS}
            onChange={(v) => setFilter('paymentType', v)}
          />
          <DateRange start={filters.startDate} end={filters.endDate} onChange={setFilter} />
          <FilterText
            label="Search"
            type="search"
            placeholder="Payment ID, Order ID, User ID"
            value={filters.searchTerm}
            onChange={(v) => setFilter('searchTerm', v)}
          />
        </FilterBar>
      </div>
      <ListStates
        isLoading={list.isLoading}
        error={list.error}
        loading="Loading payments..."
        fallback={timedOut ? 'Failed to fetch timed out payments' : 'Failed to fetch payments'}
        onRetry={() => list.refetch()}
      >
        <DataTable
          caption="Payments"
          columns={COLUMNS}
          rows={list.data?.payments ?? []}
          rowKey={(p) => p.paymentId}
          empty={<EmptyState title="No payments found matching the current filters" />}
        />
        <Pager page={page} pageSize={PAGE_SIZE} totalPages={totalPages} totalCount={totalCount} noun="payments" onPageChange={setPage} />
      </ListStates>
    </>
  );
}
