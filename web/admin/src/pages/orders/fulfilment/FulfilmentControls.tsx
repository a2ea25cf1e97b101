import {
  FULFILMENT_STEP_LABELS,
  type FulfilmentStep,
  formatIndianDay,
  nextFulfilmentStep,
  OPERATOR_STEPS,
  type OperatorStep,
} from '@elts/contracts';
import { Button, type Column, StatusBadge, type StatusTone } from '@elts/ui';
import { type ReactNode, useState } from 'react';
import { FulfilmentDialog } from './FulfilmentDialog.js';
import { ACTION_LABELS, type FulfilmentRow, readyFor } from './fulfilment-requests.js';

const TONES: Record<FulfilmentStep, StatusTone> = { paid: 'amber', processing: 'amber', shipped: 'grey', delivered: 'green' };

/** An order an operator can still move: paid and not yet delivered. */
const movable = (row: FulfilmentRow) => Boolean(row.fulfilment && nextFulfilmentStep(row.fulfilment.step));

export interface FulfilmentControls<Row> {
  /**
   * The list's columns with fulfilment: a checkbox beside each movable order's id in the first column (the one the
   * table holds in view while it scrolls), and a Fulfilment column after Status with the order's step, its courier's
   * details, the button for its next step, and `more` actions on the order (cancelling it as out of stock).
   */
  columns(base: readonly Column<Row>[], more?: (row: Row) => ReactNode): Column<Row>[];
  /** The bulk actions over the selected orders, and the dialog of the step being taken. */
  panel: ReactNode;
}

/**
 * Fulfilment on the Orders page (docs/decisions/0023): each paid order's step with a button for the next one, and
 * the same steps for several selected orders at once. Only the orders of the page on screen can be selected.
 */
export function useFulfilmentControls<Row extends FulfilmentRow>(rows: readonly Row[]): FulfilmentControls<Row> {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ step: OperatorStep; orderIds: string[] }>();
  const chosen = rows.filter((row) => selected.has(row.orderId) && movable(row));
  const toggle = (orderId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });

  const checkbox = (row: Row) =>
    movable(row) && (
      <input
        type="checkbox"
        aria-label={`Select order ${row.orderId}`}
        className="size-5 shrink-0 cursor-pointer accent-brand-700"
        checked={selected.has(row.orderId)}
        onChange={(event) => toggle(row.orderId, event.target.checked)}
      />
    );

  const fulfilmentColumn = (more?: (row: Row) => ReactNode): Column<Row> => ({
    key: 'fulfilment',
    header: 'Fulfilment',
    cell: (row) => {
      const { orderId, fulfilment } = row;
      if (!fulfilment) return <span className="text-ink-500">-</span>;
      const next = nextFulfilmentStep(fulfilment.step);
      return (
        <div className="grid justify-items-start gap-1">
          <StatusBadge status={fulfilment.step} label={FULFILMENT_STEP_LABELS[fulfilment.step]} tone={TONES[fulfilment.step]} />
          {fulfilment.awbNumber && (
            <p className="text-xs text-ink-600">
              {fulfilment.courier} · AWB {fulfilment.awbNumber}
            </p>
          )}
          {fulfilment.deliveredOn && <p className="text-xs text-ink-600">on {formatIndianDay(fulfilment.deliveredOn)}</p>}
          {next && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${ACTION_LABELS[next]}: order ${orderId}`}
              onClick={() => setDialog({ step: next, orderIds: [orderId] })}
            >
              {ACTION_LABELS[next]}
            </Button>
          )}
          {more?.(row)}
        </div>
      );
    },
  });

  const panel = (
    <>
      {rows.some(movable) && (
        <section
          aria-label="Fulfilment of selected orders"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-card bg-white p-4 shadow-card ring-1 ring-ink-100"
        >
          <p className="text-sm font-semibold text-ink-800">{chosen.length} selected</p>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set(rows.filter(movable).map((row) => row.orderId)))}>
            Select all on this page
          </Button>
          {OPERATOR_STEPS.map((step) => {
            const ready = readyFor(chosen, step);
            return (
              <Button
                key={step}
                size="sm"
                disabled={ready.length === 0}
                onClick={() => setDialog({ step, orderIds: ready.map((row) => row.orderId) })}
              >
                {`${ACTION_LABELS[step]} (${ready.length})`}
              </Button>
            );
          })}
          {chosen.length > 0 && (
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          )}
        </section>
      )}
      {dialog && (
        <FulfilmentDialog
          step={dialog.step}
          orderIds={dialog.orderIds}
          shipmentOf={(orderId) => rows.find((row) => row.orderId === orderId)?.shipment}
          onClose={() => setDialog(undefined)}
          onDone={() => {
            setDialog(undefined);
            setSelected(new Set());
          }}
        />
      )}
    </>
  );

  const columns = ([first, ...rest]: readonly Column<Row>[], more?: (row: Row) => ReactNode) => {
    if (!first) return [];
    const selectable: Column<Row> = {
      ...first,
      cell: (row) => (
        <div className="flex items-center gap-3">
          {checkbox(row) || <span className="size-5 shrink-0" />}
          {first.cell(row)}
        </div>
      ),
    };
    const afterStatus = rest.findIndex((column) => column.key === 'status') + 1 || rest.length;
    return [selectable, ...rest.slice(0, afterStatus), fulfilmentColumn(more), ...rest.slice(afterStatus)];
  };

  return { columns, panel };
}
