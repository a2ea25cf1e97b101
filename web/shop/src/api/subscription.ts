import { API, type DataOf, type OperationTable, type RequestOf } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/** `GET /subscription/current`'s subscription (spec section 3). Amounts are rupees; `amount_paise` is exact. */
export type MemberSubscription = NonNullable<DataOf<OperationTable['currentSubscription']>['subscription']>;

export const SUBSCRIPTION_QUERY_KEY = ['subscription', 'current'] as const;
export const SUBSCRIPTION_DETAILS_QUERY_KEY = ['subscription', 'details'] as const;

const token = () => readMemberSession().token;

/** The member's current subscription and credit; the profile's Subscription section and the order page read it. */
export function useCurrentSubscription() {
  const signedIn = Boolean(token());
  return useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    enabled: signedIn,
    queryFn: async ({ signal }) => (await callOperation(API.currentSubscription, {}, { token: token(), signal })).data,
  });
}

/** Asks every subscription view to load again (after a payment starts, a revocation, a cancellation). */
export function useReloadSubscription(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['subscription'] });
}

/** Starts a UPI AutoPay mandate whose authorisation pays the first year. Throws ApiError with the server's words. */
export async function createUpiMandate(
  customer: RequestOf<OperationTable['createUpiMandate']>['body'],
): Promise<DataOf<OperationTable['createUpiMandate']>> {
  return (await callOperation(API.createUpiMandate, { body: customer }, { token: token() })).data;
}

export async function revokeMandate(mandateId: string): Promise<string | undefined> {
  return (await callOperation(API.revokeMandate, { params: { mandate_id: mandateId } }, { token: token() })).message;
}

export async function fetchMandateStatus(orderId: string, signal?: AbortSignal): Promise<DataOf<OperationTable['mandateStatus']>> {
  const options = { token: token(), ...(signal ? { signal } : {}) };
  return (await callOperation(API.mandateStatus, { params: { order_id: orderId } }, options)).data;
}

/** The shopper's view of the subscription: `null` when the member has none. */
export function useSubscriptionDetails(enabled: boolean) {
  return useQuery({
    queryKey: SUBSCRIPTION_DETAILS_QUERY_KEY,
    enabled: enabled && Boolean(token()),
    retry: false,
    queryFn: async ({ signal }) => (await callOperation(API.subscriptionDetails, {}, { token: token(), signal })).data,
  });
}

export async function toggleAutoRenewal(autoRenewal: boolean): Promise<DataOf<OperationTable['toggleAutoRenewal']>> {
  return (await callOperation(API.toggleAutoRenewal, { body: { autoRenewal } }, { token: token() })).data;
}

export async function cancelSubscription(reason: string): Promise<DataOf<OperationTable['cancelSubscription']>> {
  return (await callOperation(API.cancelSubscription, { body: reason ? { reason } : {} }, { token: token() })).data;
}

/** What the membership year saved against retail (`GET /subscription/savings`, decision 0156); `year` null without one. */
export function useMembershipSavings(enabled: boolean) {
  return useQuery({
    queryKey: ['subscription', 'savings'],
    enabled: enabled && Boolean(token()),
    retry: false,
    queryFn: async ({ signal }) => (await callOperation(API.membershipSavings, {}, { token: token(), signal })).data,
  });
}
