import { indianDate, paiseOf, REFUND_CHOICE_LABELS } from '@elts/contracts';
import { Button, Card, formatDate, formatRupees, OrderStageBadge } from '@elts/ui';
import { useEffect, useState } from 'react';
import type { OrderCard, OrderRefund } from '../api/orders.js';
import { rememberOrder } from './checkout.js';
import { FulfilmentTimeline } from './FulfilmentTimeline.js';
import { OrderInvoiceDownload } from './InvoiceDownload.js';
import { orderSavingLine } from './order-saving.js';
import { checkLatestStatus, STATUS_MESSAGE_MS } from './order-status-check.js';
import { ProductImage } from './ProductImage.js';
import { RefundLines } from './RefundLines.js';
import { ReservationActions } from './ReservationActions.js';

/** View Details: /order in a new tab, which gets a copy of this tab's session with the order to show in it. */
function openOrderPage(orderId: string) {
  rememberOrder(orderId);
  window.open(`/order?order_id=${encodeURIComponent(orderId)}`, '_blank');
}

/** One order of the history, with every field of the spec's card; a pending one can ask the gateway again. */
export function OrderHistoryCard({ order: initial }: { order: OrderCard }) {
  const [order, setOrder] = useState(initial);
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; message: string }>();
  useEffect(() => setOrder(initial), [initial]);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(undefined), STATUS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  async function check() {
    setChecking(true);
    const result = await checkLatestStatus(order.order_id);
    setChecking(false);
    if (result.ok) {
      const { status, payment_info, transaction_id, payment_method } = result.order;
      setOrder((current) => ({
        ...current,
        status: status ?? current.status,
        pay_until: result.order.pay_until ?? null,
        payment_info: payment_info ?? { transaction_id: transaction_id ?? null, payment_method: payment_method ?? null },
      }));
    }
    setNote({ ok: result.ok, message: result.message });
  }

  const status = (order.status ?? 'pending').toLowerCase();
  const product = order.product ?? {};
  const amountPaise = order.amount_paise ?? paiseOf(order.amount);
  const saving = orderSavingLine(order);
  return (
    <Card as="li" padded={false} className="p-5" aria-label={`Order ${order.order_id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-ink-950">Order #{order.order_id}</p>
        <OrderStageBadge status={status} fulfilmentStep={order.fulfilment?.step} refundState={order.refunds?.at(-1)?.state} />
      </div>
      <div className="mt-4 flex gap-4">
        <ProductImage src={product.images?.[0]} alt="" className="size-20 shrink-0 rounded-xl bg-ink-50 object-contain p-2" />
        <div className="min-w-0">
          <p className="font-semibold text-ink-950">{product.name ?? 'Product'}</p>
          <p className="text-sm text-ink-600">{[product.brand, product.category].filter(Boolean).join(' · ')}</p>
          <p className="mt-1 text-lg font-extrabold text-ink-950">{formatRupees(amountPaise)}</p>
          {saving && <p className="mt-1 text-sm font-medium text-emerald-800">{saving}</p>}
        </div>
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-500">Order Date</dt>
        <dd>{formatDate(order.created_at)}</dd>
        <dt className="text-ink-500">Transaction ID</dt>
        <dd className="break-all">{order.payment_info?.transaction_id || 'N/A'}</dd>
        <dt className="text-ink-500">Delivery to</dt>
        <dd>{[order.shipping_address?.name, order.shipping_address?.city].filter(Boolean).join(', ') || 'N/A'}</dd>
      </dl>
      {order.pay_until && status === 'pending' && (
        <ReservationActions orderId={order.order_id} payUntil={order.pay_until} onEnded={() => void check()} />
      )}
      {order.fulfilment && <FulfilmentTimeline fulfilment={order.fulfilment} />}
      {order.refund && <p className="mt-4 text-sm font-medium text-ink-800">{refundLine(order.refund)}</p>}
      {!order.refund && <RefundLines refunds={order.refunds ?? []} compact />}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => openOrderPage(order.order_id)}>
          View Details
        </Button>
        <OrderInvoiceDownload orderId={order.order_id} shipped={Boolean(order.fulfilment?.awb_number)} />
        {status === 'pending' && (
          <Button size="sm" busy={checking} onClick={() => void check()}>
            Check Latest Status
          </Button>
        )}
      </div>
      {note && (
        <p
          role={note.ok ? 'status' : 'alert'}
          className={note.ok ? 'mt-3 text-sm font-semibold text-emerald-700' : 'mt-3 text-sm font-semibold text-red-700'}
        >
          {note.message}
        </p>
      )}
    </Card>
  );
}

/** Where the refund of an order cancelled as out of stock stands, in one line (docs/decisions/0024). */
function refundLine(refund: OrderRefund): string {
  if (refund.state === 'awaiting_choice')
    return `Out of stock: choose a fund transfer or credits by ${indianDate(new Date(refund.choice_by))} (View Details).`;
  const choice = REFUND_CHOICE_LABELS[refund.choice ?? 'fund_transfer'];
  return `Out of stock: ${refund.state === 'refunded' ? 'refunded' : 'refunding'} as ${choice.toLowerCase()}.`;
}
