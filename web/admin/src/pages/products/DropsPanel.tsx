import { API, type DataOf, fridayDropWindow, isFriday, offCalendarWarning } from '@elts/contracts';
import { Button, Card, type Column, DataTable, DayInput, EmptyState, formatDateTime, StatusBadge, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { adminOperation } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { DropSalesCard } from '../../charts/DropSalesCard.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ListStates } from '../../components/ListStates.js';
import { DropAlertsCard } from './DropAlertsCard.js';

type Drop = DataOf<typeof API.listDrops>['drops'][number];

/**
 * Deal drops (docs/decisions 0020 and 0087): the calendar's drops from two weeks back to three months ahead, a drop of
 * the admin's own on a chosen Friday, and cancelling one. A Friday off the calendar members are promised is warned of
 * as it is typed (the same rule the catalog answers with), and may still be scheduled.
 */
export function DropsPanel() {
  const drops = useAdminOperation(API.listDrops, { query: {} });
  const [opensOn, setOpensOn] = useState('');
  const [label, setLabel] = useState('');
  const { busy, run: act } = useAdminAction();
  const [cancelling, setCancelling] = useState<Drop>();
  // The drop whose sales chart is open (issue 39 item 1), one at a time.
  const [showingSales, setShowingSales] = useState<string>();
  // The drop whose alert figures are open (issue 37 item 5), one at a time.
  const [showingAlerts, setShowingAlerts] = useState<Drop>();
  const anchor = drops.data?.data.anchor;
  const warning = anchor && isFriday(opensOn) ? offCalendarWarning(anchor, fridayDropWindow(opensOn)) : undefined;

  const schedule = async (event: FormEvent) => {
    event.preventDefault();
    const body = { opensOn, ...(label.trim() ? { label: label.trim() } : {}) };
    if (await act('new', () => adminOperation(API.createDrop, { body }), 'Failed to schedule the drop')) {
      setOpensOn('');
      setLabel('');
    }
  };

  const columns: Column<Drop>[] = [
    {
      key: 'label',
      header: 'Drop',
      cell: (d) => (
        <>
          {d.label || 'Deal drop'}
          {d.calendarWarning && <p className="mt-1 max-w-sm text-xs font-semibold text-amber-800">{d.calendarWarning}</p>}
        </>
      ),
    },
    { key: 'opensAt', header: 'Opens', cell: (d) => formatDateTime(d.opensAt) },
    { key: 'closesAt', header: 'Closes', cell: (d) => formatDateTime(d.closesAt) },
    { key: 'source', header: 'Source', cell: (d) => (d.moved ? `${d.source} (moved)` : d.source) },
    { key: 'status', header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (d) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={showingSales === d.id}
            aria-label={`Sales of the drop opening ${formatDateTime(d.opensAt)}`}
            onClick={() => setShowingSales(showingSales === d.id ? undefined : d.id)}
          >
            Sales
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={showingAlerts?.id === d.id}
            aria-label={`Alerts of the drop opening ${formatDateTime(d.opensAt)}`}
            onClick={() => setShowingAlerts(showingAlerts?.id === d.id ? undefined : d)}
          >
            Alerts
          </Button>
          {d.status !== 'cancelled' && (
            <Button
              size="sm"
              variant="danger-outline"
              busy={busy === d.id}
              aria-label={`Cancel drop opening ${formatDateTime(d.opensAt)}`}
              onClick={() => setCancelling(d)}
            >
              Cancel drop
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <Card as="section" aria-label="Schedule a drop">
        <h2 className="text-lg font-bold text-ink-950">Schedule a drop</h2>
        <form onSubmit={schedule} className="mt-4 grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
          <DayInput
            label="Opens on"
            hint="A Friday: open from its midnight (Saturday 00:00 IST) to Sunday midnight"
            required
            value={opensOn}
            onChange={setOpensOn}
          />
          <TextInput label="Label" value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} />
          <Button type="submit" busy={busy === 'new'}>
            Schedule Drop
          </Button>
        </form>
        <p role="status" className="mt-3 text-sm font-semibold text-amber-800 empty:hidden">
          {warning}
        </p>
      </Card>
      <ListStates
        isLoading={drops.isLoading}
        error={drops.error}
        loading="Loading drops..."
        fallback="Failed to fetch drops"
        onRetry={() => drops.refetch()}
      >
        <DataTable
          caption="Deal drops"
          columns={columns}
          rows={drops.data?.data.drops ?? []}
          rowKey={(d) => d.id}
          empty={<EmptyState title="No drops in this period" />}
        />
      </ListStates>
      {showingSales && <DropSalesCard dropId={showingSales} />}
      {showingAlerts && (
        <DropAlertsCard
          dropId={showingAlerts.id}
          label={`${showingAlerts.label || 'the deal drop'} opening ${formatDateTime(showingAlerts.opensAt)}`}
        />
      )}
      <ConfirmDialog
        open={Boolean(cancelling)}
        title="Cancel this drop?"
        confirm="Cancel drop"
        cancel="Keep the drop"
        onConfirm={() => {
          const drop = cancelling;
          setCancelling(undefined);
          if (drop) void act(drop.id, () => adminOperation(API.cancelDrop, { params: { id: drop.id } }), 'Failed to cancel the drop');
        }}
        onCancel={() => setCancelling(undefined)}
      >
        <p>
          {cancelling && `${cancelling.label || 'The deal drop'} opening ${formatDateTime(cancelling.opensAt)} will not open. `}
          Its products wait for the calendar's next drop, unless you give them another.
        </p>
      </ConfirmDialog>
    </div>
  );
}
