import { LoadingState, readMemberSession } from '@elts/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PROFILE_QUERY_KEY } from '../api/profile.js';
import { fetchMandateStatus } from '../api/subscription.js';
import { ORDER_COPY } from './copy.js';
import { failureMessage } from './failure-message.js';
import { classifyStatus, forgetOrder, type OrderInfo, type OrderSource, orderInfoFrom } from './order-status.js';
import { OrderFailed, PaymentPending, SubscriptionActivated } from './SubscriptionOrderViews.js';

/** The spec keeps the order in the session for 5 s after a success (so a reload still shows it), then forgets it. */
const FORGET_AFTER_SUCCESS_MS = 5000;

type Source = Exclude<OrderSource, { kind: 'missing' }>;

/**
 * A subscription's payment outcome. A callback that carries its status is shown as it is; otherwise the mandate's
 * status is asked of the server, and Refresh Status asks again (the server checks with the gateway).
 */
export function SubscriptionOrderStatus({ source }: { source: Source }) {
  const client = useQueryClient();
  const signedIn = Boolean(readMemberSession().token);
  const orderId = source.kind === 'callback' ? source.info.order_id : source.orderId;
  const lookup = useQuery({
    queryKey: ['subscription', 'order', orderId],
    // No order call is made without a session (spec section 5).
    enabled: source.kind === 'lookup' && signedIn,
    retry: false,
    gcTime: 0,
    queryFn: async ({ signal }) => orderInfoFrom(orderId, await fetchMandateStatus(orderId, signal)),
  });
  const info: OrderInfo | undefined = lookup.data ?? (source.kind === 'callback' ? source.info : undefined);
  const outcome = info ? classifyStatus(info.status) : undefined;

  useEffect(() => {
    if (outcome === undefined) return;
    // The profile's subscription status and the panel change with the outcome.
    void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    void client.invalidateQueries({ queryKey: ['subscription', 'current'] });
    if (outcome !== 'success') return;
    const timer = setTimeout(() => forgetOrder(), FORGET_AFTER_SUCCESS_MS);
    return () => {
      clearTimeout(timer);
      forgetOrder();
    };
  }, [outcome, client]);

  if (!info) {
    if (!signedIn) return <OrderFailed message={ORDER_COPY.signIn} orderId={orderId} />;
    if (lookup.isError) {
      return <OrderFailed message={failureMessage(lookup.error, ORDER_COPY.fetchFailed, ORDER_COPY.fetchOffline)} orderId={orderId} />;
    }
    return <LoadingState message={ORDER_COPY.loading} />;
  }
  if (outcome === 'success') return <SubscriptionActivated info={info} />;
  if (outcome === 'failed') {
    const message = info.error ?? (source.kind === 'callback' && !lookup.data ? source.message : ORDER_COPY.defaultFailure);
    return <OrderFailed message={message} info={info} />;
  }
  return <PaymentPending info={info} onRefresh={() => void lookup.refetch()} refreshing={lookup.isFetching} />;
}
