import { useSearchParams } from '@elts/router';
import { ApiError, ErrorState, LoadingState, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchProductOrder } from '../api/orders.js';
import { ProductOrderStatus } from '../shopping/ProductOrderStatus.js';
import { ORDER_COPY } from './copy.js';
import { type OrderSource, resolveOrderSource } from './order-status.js';
import { SignInToSeeOrder } from './SignInToSeeOrder.js';
import { SubscriptionOrderStatus } from './SubscriptionOrderStatus.js';
import { OrderFailed } from './SubscriptionOrderViews.js';

type Found = Exclude<OrderSource, { kind: 'missing' }>;

const orderIdOf = (source: Found) => (source.kind === 'callback' ? source.info.order_id : source.orderId);

/**
 * `/order`: where a payment returns, and where an order's link opens. A product order is shown by the shopping
 * screens, a membership here; which one an id is comes from the id itself (order-status.ts), or from the server.
 */
export function OrderStatusScreen() {
  const [query] = useSearchParams();
  const queryText = query.toString();
  // Read once per URL: the session keys are cleared a few seconds after a success, and the page must not change then.
  const source = useMemo(() => resolveOrderSource(new URLSearchParams(queryText), sessionStorage), [queryText]);
  // Read on every render: signing in on this page brings the member back to it with a session.
  const signedIn = Boolean(readMemberSession().token);
  return (
    <div>
      <h1 className="font-display text-4xl font-extrabold text-ink-950">{ORDER_COPY.title}</h1>
      <div className="mt-8">
        {source.kind === 'missing' ? <OrderFailed message={source.message} /> : <FoundOrder source={source} signedIn={signedIn} />}
      </div>
    </div>
  );
}

function FoundOrder({ source, signedIn }: { source: Found; signedIn: boolean }) {
  // A membership's callback carries its outcome and can be shown as it is; anything else must be looked up, and no
  // order call is made without a session (spec section 5).
  if (!signedIn && !(source.kind === 'callback' && source.type === 'subscription')) {
    return <SignInToSeeOrder orderId={orderIdOf(source)} />;
  }
  if (source.type === 'product') return <ProductOrderStatus orderId={orderIdOf(source)} />;
  if (source.type === 'subscription') return <SubscriptionOrderStatus source={source} />;
  return <OrderOfUnknownKind source={source} />;
}

/** An id neither service's pattern names: the product orders are asked first, and a membership is what they do not know. */
function OrderOfUnknownKind({ source }: { source: Found }) {
  const orderId = orderIdOf(source);
  const probe = useQuery({
    queryKey: ['order-kind', orderId],
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        await fetchProductOrder(orderId, signal);
        return 'product' as const;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 'subscription' as const;
        throw error;
      }
    },
  });
  if (probe.isPending) return <LoadingState message={ORDER_COPY.loading} />;
  if (probe.isError) return <ErrorState message={ORDER_COPY.fetchOffline} onRetry={() => void probe.refetch()} />;
  if (probe.data === 'product') return <ProductOrderStatus orderId={orderId} />;
  return <SubscriptionOrderStatus source={{ ...source, type: 'subscription' }} />;
}
