import {
  API,
  type DataOf,
  EXCHANGE_POLICY,
  EXCHANGE_REASON_LABELS,
  EXCHANGE_STATE_LABELS,
  EXCHANGE_STATES,
  type FulfilmentView,
  formatIndianDay,
  formatRupees,
  paiseOf,
  type RequestOf,
} from '@elts/contracts';
import { Button, type Column, DataTable, EmptyState, formatDate, Modal, StatusBadge, TextArea } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { adminOperation } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { DialogFooter } from '../../components/DialogFooter.js';
import { FilterBar, FilterSelect } from '../../components/FilterBar.js';
import { ListStates } from '../../components/ListStates.js';
import { PageHeader } from '../../components/PageHeader.js';
import { Pager } from '../../components/Pager.js';
import { useFilters } from '../../components/use-filters.js';
import { useFulfilmentControls } from '../orders/fulfilment/FulfilmentControls.js';
import type { FulfilmentRow, OrderFulfilment } from '../orders/fulfilment/fulfilment-requests.js';

const PAGE_SIZE = 20;

/** An exchange in the queue, with the order it belongs to (`GET /admin/exchanges`). */
type QueueEntry = DataOf<typeof API.exchangeQueue>['exchanges'][number];
type QueueState = NonNullable<RequestOf<typeof API.exchangeQueue>['query']['state']>;
type Row = QueueEntry & FulfilmentRow;

/** The replacement's shipment as the Orders page's fulfilment controls read an order's. */
const asOrderFulfilment = (fulfilment: FulfilmentView): OrderFulfilment => ({
  step: fulfilment.step,
  courier: fulfilment.courier,
  awbNumber: fulfilment.awb_number,
  trackingUrl: fulfilment.tracking_url,
  shippedAt: fulfilment.timeline.find((step) => step.step === 'shipped')?.at ?? null,
  deliveredOn: fulfilment.delivered_on,
});

const rupees = (amount: number) => formatRupees(paiseOf(amount), { decimals: false });

/**
 * What the member paid a unit beside what the replacement costs (docs/decisions/0025): a replacement must cost the
 * same, and one that does not (asked for before the rule, or repriced) is flagged for refusal.
 */
function ReplacementPrices({ row }: { row: Row }) {
  if (!row.order) return null;
  const paid = row.order.unit_price;
  const costs = row.product.price;
  return (
    <>
      <p className="text-xs text-ink-600">
        Paid {rupees(paid)} a unit{costs !== null && costs !== paid ? ` · replacement ${rupees(costs)}` : ''}
      </p>
      {costs !== null && costs !== paid && (
        <p className="text-xs font-medium text-red-700">The replacement's price differs from what the member paid: refuse it.</p>
      )}
    </>
  );
}

/**
 * `/admin/exchanges` (docs/decisions/0025): the members' exchange requests, open ones first by age; an operator
 * approves (the replacement's stock is taken, or the member refunded when there is none) or refuses with a reason
 * the member is mailed; an approved exchange's replacement moves through the Orders page's own fulfilment steps.
 */
export function ExchangesPage() {
  const { filters, setFilter, page, setPage } = useFilters({ state: 'open' });
  // The select offers only the queue's states (open, each state, all).
  const list = useAdminOperation(API.exchangeQueue, {
    query: { state: filters.state as QueueState, page, limit: PAGE_SIZE },
  });
  const rows: Row[] = (list.data?.data.exchanges ?? []).map((exchange) => ({
    ...exchange,
    orderId: exchange.order_id,
    ...(exchange.replacement
      ? { shipment: exchange.replacement.shipment, fulfilment: asOrderFulfilment(exchange.replacement.fulfilment) }
      : { fulfilment: null }),
  }));
  const fulfilment = useFulfilmentControls(rows);
  const { busy, run } = useAdminAction();
  const [approving, setApproving] = useState<Row>();
  const [refusing, setRefusing] = useState<Row>();

  const approve = async (row: Row) => {
    setApproving(undefined);
    await run(
      `approve:${row.exchange_id}`,
      () => adminOperation(API.approveExchange, { params: { id: row.exchange_id } }),
      'Failed to approve the exchange',
    );
  };

  const columns: Column<Row>[] = [
    {
      key: 'exchange',
      header: 'Exchange',
      cell: (row) => (
        <div>
          <code className="text-xs">{row.exchange_id}</code>
          <p className="text-xs text-ink-500">Asked {formatDate(row.requested_at)}</p>
        </div>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      cell: (row) => (
        <div>
          <p className="font-medium text-ink-900">{row.order?.customer_name || 'N/A'}</p>
          <p className="text-xs text-ink-500">{row.order?.customer_email ?? ''}</p>
        </div>
      ),
    },
    {
      key: 'product',
      header: 'Replacement',
      cell: (row) => (
        <div>
          <p className="font-medium text-ink-900">{row.product.name}</p>
          <p className="text-xs text-ink-500">
            {row.product.brand}
            {row.order && row.order.product.name !== row.product.name ? ` · ordered: ${row.order.product.name}` : ''}
          </p>
          <ReplacementPrices row={row} />
        </div>
      ),
    },
    {
      key: 'reason',
      header: 'Reason',
      cell: (row) => (
        <div className="max-w-sm">
          <p className="font-medium text-ink-900">{EXCHANGE_REASON_LABELS[row.reason]}</p>
          <p className="text-xs whitespace-pre-wrap text-ink-600">{row.note}</p>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'State',
      cell: (row) => (
        <div className="grid justify-items-start gap-1">
          <StatusBadge status={row.state} label={EXCHANGE_STATE_LABELS[row.state]} />
          {row.state === 'approved' && row.ships_by && <p className="text-xs text-ink-600">Ships by {formatIndianDay(row.ships_by)}</p>}
          {row.refusal_reason && <p className="max-w-xs text-xs text-ink-600">{row.refusal_reason}</p>}
          {row.state === 'requested' && (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                busy={busy === `approve:${row.exchange_id}`}
                aria-label={`Approve exchange ${row.exchange_id}`}
                onClick={() => setApproving(row)}
              >
                Approve
              </Button>
              <Button size="sm" variant="secondary" aria-label={`Refuse exchange ${row.exchange_id}`} onClick={() => setRefusing(row)}>
                Refuse
              </Button>
            </div>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Exchanges" />
      <FilterBar label="Exchange filters">
        <FilterSelect
          label="State"
          value={filters.state}
          options={[
            { value: 'open', label: 'Open' },
            ...EXCHANGE_STATES.map((state) => ({ value: state, label: EXCHANGE_STATE_LABELS[state] })),
            { value: 'all', label: 'All' },
          ]}
          onChange={(value) => setFilter('state', value)}
        />
      </FilterBar>
      <ListStates
        isLoading={list.isLoading}
        error={list.error}
        loading="Loading exchanges..."
        fallback="Failed to fetch exchanges"
        onRetry={() => list.refetch()}
      >
        {fulfilment.panel}
        <DataTable
          caption="Exchange requests"
          columns={fulfilment.columns(columns)}
          rows={rows}
          rowKey={(row) => row.exchange_id}
          empty={<EmptyState title="No exchange requests found" />}
        />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          totalPages={list.data?.data.pagination.totalPages ?? 1}
          totalCount={list.data?.data.pagination.totalCount ?? 0}
          noun="exchanges"
          onPageChange={setPage}
        />
      </ListStates>
      <ConfirmDialog
        open={Boolean(approving)}
        title={`Approve exchange ${approving?.exchange_id ?? ''}?`}
        confirm="Approve and send a replacement"
        tone="primary"
        onConfirm={() => approving && void approve(approving)}
        onCancel={() => setApproving(undefined)}
      >
        <p>
          A replacement ({approving?.product.name}) is taken from stock and ships within {EXCHANGE_POLICY.replacementShipsWithinDays} days.
          If none is in stock, the member is refunded instead. The member is mailed either way.
        </p>
      </ConfirmDialog>
      {refusing && <RefuseDialog exchange={refusing} onClose={() => setRefusing(undefined)} />}
    </>
  );
}

/** Refusing asks why: the member is mailed the reason, and it shows on their order page. */
function RefuseDialog({ exchange, onClose }: { exchange: QueueEntry; onClose: () => void }) {
  const { busy, run } = useAdminAction();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const done = await run(
      'refuse',
      () => adminOperation(API.refuseExchange, { params: { id: exchange.exchange_id }, body: { reason } }),
      (error) => {
        const text = error instanceof Error ? error.message : 'Failed to refuse the exchange';
        setFailure(text);
        return text;
      },
    );
    if (done) onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Refuse exchange ${exchange.exchange_id}`}
      footer={
        <DialogFooter failure={failure} onCancel={onClose} form="refuse-exchange" busy={busy === 'refuse'} submit="Refuse exchange" />
      }
    >
      <form id="refuse-exchange" noValidate onSubmit={(event) => void submit(event)}>
        <TextArea
          label="Reason (mailed to the member)"
          required
          rows={4}
          maxLength={EXCHANGE_POLICY.refusalMaxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </form>
    </Modal>
  );
}
