import { useSearchParams } from '@elts/router';
import { useMemo } from 'react';
import { ProductOrderStatus } from '../shopping/ProductOrderStatus.js';
import { ORDER_COPY } from './copy.js';
import { resolveOrderSource } from './order-status.js';
import { SubscriptionOrderStatus } from './SubscriptionOrderStatus.js';
import { OrderFailed } from './SubscriptionOrderViews.js';

/**
 * `/order`: where a payment returns. Product orders are shown by the shopping screens; subscriptions (the default
 * type, spec section 4) here.
 */
export function OrderStatusScreen() {
  const [query] = useSearchParams();
  const queryText = query.toString();
  // Read once per URL: the session keys are cleared a few seconds after a success, and the page must not change then.
  const source = useMemo(() => resolveOrderSource(new URLSearchParams(queryText), sessionStorage), [queryText]);
  return (
    <div>
      <h1 className="font-display text-4xl font-extrabold text-ink-950">{ORDER_COPY.title}</h1>
      <div className="mt-8">
        {source.kind === 'missing' ? (
          <OrderFailed message={source.message} />
        ) : source.type === 'product' ? (
          <ProductOrderStatus orderId={source.kind === 'callback' ? source.info.order_id : source.orderId} />
        ) : (
          <SubscriptionOrderStatus source={source} />
        )}
      </div>
    </div>
  );
}
