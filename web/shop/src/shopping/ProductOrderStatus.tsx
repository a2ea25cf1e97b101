import { COPY, paiseOf } from '@elts/contracts';
import { Link } from '@elts/router';
import {
  ApiError,
  Button,
  buttonClasses,
  Card,
  ErrorState,
  formatDateTime,
  formatRupees,
  LoadingState,
  OrderStageBadge,
  SESSION_KEYS,
} from '@elts/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { fetchGatewayStatus, fetchProductOrder, type OrderDetail } from '../api/orders.js';
import { paymentWindowMessage } from '../membership/payment-window.js';
import { DetailRows } from './DetailRows.js';
import { ExchangeSection } from './ExchangeSection.js';
import { FulfilmentTimeline } from './FulfilmentTimeline.js';
import { OrderInvoiceDownload } from './InvoiceDownload.js';
import { OrderBusinessGstin } from './OrderBusinessGstin.js';
import { OutOfStockRefund } from './OutOfStockRefund.js';
import { orderSavingLine } from './order-saving.js';
import { recheckOrder } from './order-status-check.js';
import { ProductImage } from './ProductImage.js';
import { RefundLines } from './RefundLines.js';
import { ReservationActions } from './ReservationActions.js';
import { whatsNext } from './whats-next.js';

/** The stored order is forgotten this long after a success is shown (spec section 9), and on leaving the page. */
const FORGET_AFTER_MS = 5000;

type Outcome = 'confirmed' | 'failed' | 'processing';

export function outcomeOf(status: string | null | undefined): Outcome {
  const normalised = (status || 'pending').toLowerCase();
  if (normalised === 'success' || normalised === 'completed' || normalised === 'active') return 'confirmed';
  if (normalised === 'failed' || normalised === 'cancelled' || normalised === 'error') return 'failed';
  return 'processing';
}

/**
 * The order as the page should show it. A pending order is asked about at the gateway straight away: a member back
 * from paying should see the payment's result, not wait for its webhook (docs/decisions 0132).
 */
async function loadOrder(orderId: string, signal: AbortSignal): Promise<OrderDetail> {
  const local = await fetchProductOrder(orderId, signal);
  if (outcomeOf(local.status) !== 'processing') return local;
  return fetchGatewayStatus(orderId, signal).catch(() => local);
}

function loadError(error: unknown): string {
  if (error instanceof ApiError) return error.message.startsWith('Request failed') ? 'Failed to fetch order status' : error.message;
  return 'Error fetching order status. Please try again.';
}

function forgetOrder() {
  sessionStorage.removeItem(SESSION_KEYS.currentOrderId);
  sessionStorage.removeItem(SESSION_KEYS.orderType);
}

/** The product-order states of the Order Status page (/order): confirmed, failed or still processing. */
export function ProductOrderStatus({ orderId }: { orderId: string }) {
  const client = useQueryClient();
  const queryKey = ['product-order', orderId];
  const order = useQuery({ queryKey, retry: false, queryFn: ({ signal }) => loadOrder(orderId, signal) });
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string>();
  const outcome = order.data ? outcomeOf(order.data.status) : undefined;

  useEffect(() => {
    if (outcome !== 'confirmed') return;
    const timer = setTimeout(forgetOrder, FORGET_AFTER_MS);
    return () => {
      clearTimeout(timer);
      forgetOrder();
    };
  }, [outcome]);

  async function checkLatest() {
    setChecking(true);
    setCheckError(undefined);
    const result = await recheckOrder(orderId);
    if (result.ok) client.setQueryData(queryKey, result.order);
    else setCheckError(result.message);
    setChecking(false);
  }

  if (order.isPending) return <LoadingState message="Processing... Please wait while we verify your payment." />;
  if (order.isError) return <ErrorState message={loadError(order.error)} onRetry={() => void order.refetch()} />;
  const data = order.data;
  if (outcome === 'confirmed') return <Confirmed order={data} />;
  // Paid, then cancelled by an operator as out of stock: the member chooses how the money comes back (0024).
  if (data.refund) return <OutOfStockRefund order={{ ...data, refund: data.refund }} />;
  if (outcome === 'failed') {
    return (
      <StatusCard
        title="Order Failed"
        order={data}
        actions={
          <>
            <Link to="/profile" className={buttonClasses('primary')}>
              Try Ordering Again
            </Link>
            <Link to="/" className={buttonClasses('secondary')}>
              Go to Home
            </Link>
          </>
        }
      >
        <p role="alert" className="text-red-800">
          {data.error || failedMessage(data.status)}
        </p>
        <RefundLines orderId={data.order_id} refunds={data.refunds ?? []} />
      </StatusCard>
    );
  }
  return (
    <StatusCard
      title="Order Processing"
      order={data}
      actions={
        <>
          <Button busy={checking} onClick={() => void checkLatest()}>
            Check Latest Status
          </Button>
          <Link to="/" className={buttonClasses('secondary')}>
            Go to Home
          </Link>
        </>
      }
    >
      {/* A reservation's time to pay is the order's: it fails by itself then, whatever the payment's own timeout. */}
      <p>{paymentWindowMessage(data.pay_until ? { payment_expires_at: data.pay_until } : data)}</p>
      {data.pay_until && <ReservationActions orderId={data.order_id} payUntil={data.pay_until} onEnded={() => void order.refetch()} />}
      {data.last_updated && (
        <p className="text-sm text-ink-600">
          Last updated: <span className="font-semibold">{formatDateTime(data.last_updated)}</span>
        </p>
      )}
      {checkError && (
        <p role="alert" className="font-semibold text-red-700">
          {checkError}
        </p>
      )}
    </StatusCard>
  );
}

/**
 * The spec shows a failed, cancelled or error order under one title, 'Order Failed', with a message built from its
 * status; the server's own reason comes first when it gives one.
 */
function failedMessage(status: string | null): string {
  if (status?.toLowerCase() === 'cancelled') return COPY.orderPage.cancelled;
  return 'Your payment could not be completed, so the order was not placed. Nothing has been charged for it.';
}

/** The product and amount of an order, as the confirmed page shows them (issue 34: a failed order's page named neither). */
function ProductSummary({ order }: { order: OrderDetail }) {
  const product = order.product ?? {};
  const saving = orderSavingLine(order);
  return (
    <div className="mt-5 flex gap-4">
      <ProductImage src={product.images?.[0]} alt="" className="size-24 shrink-0 rounded-2xl bg-ink-50 object-contain p-2" />
      <div>
        <p className="text-lg font-bold text-ink-950">{product.name ?? 'Your product'}</p>
        <p className="mt-1 text-xl font-extrabold text-ink-950">{formatRupees(amountPaiseOf(order))}</p>
        {saving && <p className="mt-1 text-sm font-medium text-emerald-800">{saving}</p>}
      </div>
    </div>
  );
}

const amountPaiseOf = (order: OrderDetail) => order.amount_paise ?? paiseOf(order.amount);

function StatusCard({ title, order, actions, children }: { title: string; order: OrderDetail; actions: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <h2 className="text-2xl font-extrabold text-ink-950">{title}</h2>
      <ProductSummary order={order} />
      <div className="mt-3 grid gap-2 text-ink-700">{children}</div>
      <dl className="mt-4 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-500">Order ID</dt>
        <dd className="font-semibold break-all text-ink-950">{order.order_id}</dd>
        <dt className="text-ink-500">Status</dt>
        <dd>
          <OrderStageBadge
            status={order.status ?? 'pending'}
            fulfilmentStep={order.fulfilment?.step}
            refundState={order.refunds?.at(-1)?.state}
          />
        </dd>
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
    </Card>
  );
}

function Confirmed({ order }: { order: OrderDetail }) {
  const product = order.product ?? {};
  const address = order.local_order?.shipping_address ?? {};
  const transactionId = order.transaction_id ?? order.payment_details?.txn_id ?? order.payment_info?.transaction_id;
  const method = order.payment_method ?? order.payment_details?.payment_method ?? order.payment_info?.payment_method;
  const rows: [string, ReactNode][] = [
    ['Brand', product.brand || 'N/A'],
    ['Order ID', order.order_id],
    ['Transaction ID', transactionId || 'N/A'],
    ['Delivery to', address.name || order.customer_info?.name || 'N/A'],
    ['Shipping address', [address.address, address.city, address.state, address.pincode].filter(Boolean).join(', ') || 'N/A'],
    [
      'Status',
      <OrderStageBadge
        key="status"
        status={order.status ?? 'completed'}
        fulfilmentStep={order.fulfilment?.step}
        refundState={order.refunds?.at(-1)?.state}
      />,
    ],
    ['Payment Method', method ? method.toUpperCase() : 'N/A'],
  ];
  return (
    <Card>
      <h2 className="text-2xl font-extrabold text-emerald-800">Order Confirmed!</h2>
      <ProductSummary order={order} />
      <DetailRows rows={rows} className="mt-5 gap-y-2" />
      {order.fulfilment && <FulfilmentTimeline fulfilment={order.fulfilment} />}
      <ExchangeSection order={order} />
      <RefundLines orderId={order.order_id} refunds={order.refunds ?? []} />
      <OrderBusinessGstin orderId={order.order_id} shipped={Boolean(order.fulfilment?.awb_number)} />
      <h3 className="mt-6 font-bold text-ink-950">What's Next</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-700">
        {whatsNext(order).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/profile?section=orders" className={buttonClasses('primary')}>
          View My Orders
        </Link>
        <Link to="/profile" className={buttonClasses('secondary')}>
          Continue Shopping
        </Link>
        <OrderInvoiceDownload orderId={order.order_id} shipped={Boolean(order.fulfilment?.awb_number)} />
      </div>
    </Card>
  );
}
