import { API, type OperationTable, REFUND_CHOICE_LABELS, type ResponseOf } from '@elts/contracts';
import { Button, type Column, formatDate, StatusBadge, useToast } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { adminOperation, failureText } from '../../../api/admin-request.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import type { OrderFulfilment } from '../fulfilment/fulfilment-requests.js';

/** An out-of-stock cancellation as `GET /admin/product-orders` lists it (docs/decisions/0024); null otherwise. */
export type OrderRefund = NonNullable<ResponseOf<OperationTable['adminProductOrders']>['orders'][number]['refund']>;

export interface RefundRow {
  orderId: string;
  status: string;
  fulfilment: OrderFulfilment | null;
  refund?: OrderRefund | null;
}

/** A paid order whose goods have not left can be cancelled as out of stock (the server decides again). */
const cancellable = (row: RefundRow) =>
  row.status === 'completed' && (row.fulfilment?.step === 'paid' || row.fulfilment?.step === 'processing') && !row.refund;

function RefundCell({ refund }: { refund: OrderRefund }) {
  const choice = refund.choice ? REFUND_CHOICE_LABELS[refund.choice] : null;
  if (refund.state === 'awaiting_choice')
    return (
      <div className="grid justify-items-start gap-1">
        <StatusBadge status="pending" label="Awaiting member" tone="amber" />
        {refund.choiceBy && <p className="text-xs text-ink-600">Fund transfer after {formatDate(refund.choiceBy)}</p>}
      </div>
    );
  // Once chosen, where the money stands is the order's refund line, under its status (decision 0075).
  return <p className="text-xs text-ink-600">{choice ? `Chosen: ${choice}` : '-'}</p>;
}

/**
 * Out-of-stock cancellation on the Orders page (docs/decisions/0024): a Refund column (the member's choice, awaited
 * or made; the refund itself is a line under the order's status), and for a paid order not yet shipped the action that cancels it, which moves money and
 * so asks first, in red, naming what it does. The member is then mailed to choose a fund transfer or credits.
 */
export function useOutOfStockControls<Row extends RefundRow>(): {
  column: Column<Row>;
  action: (row: Row) => ReactNode;
  dialog: ReactNode;
} {
  const toast = useToast();
  const client = useQueryClient();
  const [orderId, setOrderId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOrderId(undefined);
    setFailure(undefined);
  };

  const cancelOrder = async () => {
    if (!orderId) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await adminOperation(API.cancelOutOfStock, { params: { id: orderId } });
      await client.invalidateQueries({ queryKey: ['admin'] });
      toast({ tone: 'success', message: answer.message ?? '' });
      close();
    } catch (error) {
      setFailure(failureText(error, 'Failed to cancel the order'));
    } finally {
      setBusy(false);
    }
  };

  const column: Column<Row> = {
    key: 'refund',
    header: 'Refund',
    cell: (row) => (row.refund ? <RefundCell refund={row.refund} /> : <span className="text-ink-500">-</span>),
  };

  const action = (row: Row) =>
    cancellable(row) && (
      <Button
        size="sm"
        variant="danger-outline"
        aria-label={`Cancel as out of stock: order ${row.orderId}`}
        onClick={() => setOrderId(row.orderId)}
      >
        Cancel as out of stock
      </Button>
    );

  const dialog = (
    <ConfirmDialog
      open={Boolean(orderId)}
      title={`Cancel order ${orderId ?? ''} as out of stock?`}
      confirm="Cancel order and refund"
      cancel="Keep the order"
      busy={busy}
      failure={failure}
      onConfirm={() => void cancelOrder()}
      onCancel={close}
    >
      <p>The order is cancelled and the member is mailed to choose a fund transfer or credits for what they paid.</p>
      <p className="mt-3 text-sm text-ink-600">Without an answer in 3 days, the amount is refunded to their original payment method.</p>
    </ConfirmDialog>
  );

  return { column, action, dialog };
}
