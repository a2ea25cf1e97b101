import { apiRequest, readMemberSession } from '@elts/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/** `GET /subscription/current`'s subscription (spec section 3). Amounts are rupees; `amount_paise` is exact. */
export interface CurrentSubscription {
  subscription_id?: string;
  status: string | null;
  plan_type: string | null;
  amount: number | null;
  amount_paise?: number;
  currency: string | null;
  frequency: string | null;
  start_date: string | null;
  end_date: string | null;
  days_until_expiry: number | null;
  renewal_date: string | null;
  auto_renewal?: boolean;
  latest_payment: { payment_id: string; transaction_id: string | null; status: string; order_id: string } | null;
  mandate: { mandate_id: string; status: string | null; max_amount: number | null; next_execution_date: string | null } | null;
}

export interface CurrentSubscriptionAnswer {
  has_subscription: boolean;
  subscription: CurrentSubscription | null;
}

/** `POST /subscription/create-upi-mandate`: where to pay, and (additions of this product) through which gateway. */
export interface StartedPayment {
  order_id: string;
  payment_session_id?: string;
  payment_link?: string | null;
  payment_links?: { web?: string };
  cashfree_response?: { payment_link?: string };
  gateway?: 'cashfree' | 'simulator';
  cashfree_mode?: 'sandbox' | 'production';
}

export interface MandateCustomer {
  first_name: string;
  last_name: string;
  customer_email?: string;
  customer_phone?: string;
  customer_name: string;
}

/** `GET /subscription/mandate-status/{order_id}`: `status` is what the spec reads; the rest feeds the order page. */
export interface MandateStatus {
  order_id?: string;
  status?: string | null;
  mandate_status?: string | null;
  mandate_id?: string | null;
  status_id?: string | null;
  transaction_id?: string | null;
  payment_method?: string | null;
  amount?: number | null;
  last_updated?: string | null;
  error?: string | null;
  /** While the payment is open: when it fails by itself, and the payment timeout it was given (additions). */
  payment_expires_at?: string | null;
  payment_timeout_seconds?: number | null;
}

/** The shopper's short view (`GET /api/subscription/details`, and the toggle and cancel answers). */
export interface SubscriptionDetails {
  subscriptionId?: string;
  status: string | null;
  endDate: string | null;
  autoRenewal: boolean;
}

export const SUBSCRIPTION_QUERY_KEY = ['subscription', 'current'] as const;
export const SUBSCRIPTION_DETAILS_QUERY_KEY = ['subscription', 'details'] as const;

const token = () => readMemberSession().token;

/** The member's current subscription; the profile's Subscription section and the order page read it. */
export function useCurrentSubscription() {
  const signedIn = Boolean(token());
  return useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    enabled: signedIn,
    queryFn: async ({ signal }) => {
      const envelope = await apiRequest<CurrentSubscriptionAnswer>('/subscription/current', { token: token(), signal });
      return envelope.data ?? { has_subscription: false, subscription: null };
    },
  });
}

/** Asks every subscription view to load again (after a payment starts, a revocation, a cancellation). */
export function useReloadSubscription(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['subscription'] });
}

/** Starts a UPI AutoPay mandate whose authorisation pays the first year. Throws ApiError with the server's words. */
export async function createUpiMandate(customer: MandateCustomer): Promise<StartedPayment> {
  const envelope = await apiRequest<StartedPayment>('/subscription/create-upi-mandate', { body: customer, token: token() });
  if (!envelope.data) throw new Error('The payment could not be started');
  return envelope.data;
}

export async function revokeMandate(mandateId: string): Promise<string | undefined> {
  const envelope = await apiRequest(`/subscription/revoke-mandate/${encodeURIComponent(mandateId)}`, { method: 'PUT', token: token() });
  return envelope.message;
}

export async function fetchMandateStatus(orderId: string, signal?: AbortSignal): Promise<MandateStatus> {
  const envelope = await apiRequest<MandateStatus>(`/subscription/mandate-status/${encodeURIComponent(orderId)}`, {
    token: token(),
    ...(signal ? { signal } : {}),
  });
  return envelope.data ?? {};
}

/** The shopper's view of the subscription: `null` when the member has none. */
export function useSubscriptionDetails(enabled: boolean) {
  return useQuery({
    queryKey: SUBSCRIPTION_DETAILS_QUERY_KEY,
    enabled: enabled && Boolean(token()),
    retry: false,
    queryFn: async ({ signal }) => {
      const envelope = await apiRequest<SubscriptionDetails | null>('/api/subscription/details', { token: token(), signal });
      return envelope.data ?? null;
    },
  });
}

export async function toggleAutoRenewal(autoRenewal: boolean): Promise<SubscriptionDetails | null> {
  const envelope = await apiRequest<SubscriptionDetails>('/api/subscription/toggle-auto-renewal', {
    body: { autoRenewal },
    token: token(),
  });
  return envelope.data ?? null;
}

export async function cancelSubscription(reason: string): Promise<SubscriptionDetails | null> {
  const envelope = await apiRequest<SubscriptionDetails>('/api/subscription/cancel', {
    body: reason ? { reason } : {},
    token: token(),
  });
  return envelope.data ?? null;
}
