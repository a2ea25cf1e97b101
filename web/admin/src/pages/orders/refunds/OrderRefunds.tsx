import {
  API,
  formatRupees,
  type OperationTable,
  ORDER_REFUND_KIND_LABELS,
  ORDER_REFUND_STATE_LABELS,
  paiseOf,
  type ResponseOf,
} from '@elts/contracts';
import { Button, formatDate, StatusBadge } from '@elts/ui';
import { type ReactNode, useState } from 'react';
import { adminOperation } from '../../../api/admin-request.js';
import { useAdminAction } from '../../../api/use-admin-action.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';

type Order = ResponseOf<OperationTable['adminProductOrders']>['orders'][number];
type Refund = Order['refunds'][number];

const rupees = (amount: number) => formatRupees(paiseOf(amount), { decimals: false });

/** How a failed refund is being made good, or that it waits for an operator. */
function retryNote(refund: Refund): string | undefined {
  if (refund.state !== 'refund_failed') return undefined;
  if (refund.retry === 'fund_transfer') return 'Sent again';
  if (refund.retry === 'credits') return 'Taken as credits by the member';
  return 'Waiting for an operator';
}

/**
 * Every refund of a product order on its row (issue 32): why, how much, where it stands (the member's page uses the
 * same words), and for one the gateway failed, Send again (a fund transfer under a key of its own, after a
 * confirmation that says so). The member may take a failed refund as credits from their own page instead.
 */
export function useOrderRefunds(): { cell: (order: Order) => ReactNode; dialog: ReactNode } {
  const { busy, run } = useAdminAction();
  const [asked, setAsked] = useState<{ order: Order; refund: Refund }>();
  const send = async () => {
    if (!asked) return;
    const { order, refund } = asked;
    setAsked(undefined);
    await run(
      `retry:${refund.refundId}`,
      () => adminOperation(API.retryFailedRefund, { params: { id: order.orderId, refundId: refund.refundId } }),
      'Failed to send the refund again',
    );
  };
  const cell = (order: Order) =>
    order.refunds.length === 0 ? null : (
      <ul className="mt-2 grid gap-1 text-xs text-ink-600" aria-label={`Refunds of order ${order.orderId}`}>
        {order.refunds.map((refund) => (
          <li key={refund.refundId} className="grid justify-items-start gap-1">
            <span>
              {rupees(refund.amount)} · {ORDER_REFUND_KIND_LABELS[refund.kind]}
              {refund.method === 'credits' ? ' · as credits' : ''}
              {refund.settledAt ? ` · ${formatDate(refund.settledAt)}` : ''}
            </span>
            <StatusBadge status={refund.state} label={ORDER_REFUND_STATE_LABELS[refund.state]} />
            {retryNote(refund) && <span>{retryNote(refund)}</span>}
            {refund.state === 'refund_failed' && !refund.retry && (
              <Button
                size="sm"
                variant="secondary"
                busy={busy === `retry:${refund.refundId}`}
                aria-label={`Send the refund of order ${order.orderId} again`}
                onClick={() => setAsked({ order, refund })}
              >
                Send again
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  const dialog = asked && (
    <ConfirmDialog
      open
      title={`Send the refund of order ${asked.order.orderId} again`}
      confirm={`Send ${rupees(asked.refund.amount)} again`}
      tone="primary"
      onConfirm={() => void send()}
      onCancel={() => setAsked(undefined)}
    >
      <p>
        The payment gateway failed this refund. {rupees(asked.refund.amount)} is sent again to the member's original payment method, as a
        new refund.
      </p>
    </ConfirmDialog>
  );
  return { cell, dialog };
}
