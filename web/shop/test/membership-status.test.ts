import type { Profile } from '@elts/contracts';
import { ApiError } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import type { MemberSubscription } from '../src/api/subscription.js';
import { failureMessage } from '../src/membership/failure-message.js';
import {
  exactPaiseOf,
  payActionFor,
  pollableOrderId,
  revocableMandateId,
  subscriptionStatusLook,
} from '../src/membership/subscription-status.js';
import { mandateCustomerFrom } from '../src/membership/use-start-payment.js';

const subscription = (overrides: Partial<MemberSubscription> = {}): MemberSubscription => ({
  subscription_id: 'MEM-1',
  order_id: 'MEM-1',
  status: 'active',
  plan_type: 'annual',
  amount: 1178.82,
  amount_paise: 117882,
  currency: 'INR',
  frequency: 'yearly',
  start_date: null,
  end_date: null,
  days_until_expiry: null,
  renewal_date: null,
  auto_renewal: true,
  latest_payment: { payment_id: 'PAY-1', transaction_id: null, status: 'pending', order_id: 'MEM-1' },
  mandate: null,
  ...overrides,
});

describe('subscription status badge', () => {
  it('colours each status as the spec does and calls anything else Unknown', () => {
    expect(['active', 'pending', 'expired', 'failed', 'cancelled', 'revoked'].map(subscriptionStatusLook)).toEqual([
      { label: 'Active', tone: 'green' },
      { label: 'Pending', tone: 'orange' },
      { label: 'Expired', tone: 'red' },
      { label: 'Failed', tone: 'red' },
      { label: 'Cancelled', tone: 'grey' },
      { label: 'Revoked', tone: 'grey' },
    ]);
    expect(subscriptionStatusLook('ACTIVE').label).toBe('Active');
    expect(subscriptionStatusLook('paused')).toEqual({ label: 'Unknown', tone: 'grey' });
    expect(subscriptionStatusLook(null)).toEqual({ label: 'Unknown', tone: 'grey' });
  });
});

describe('the paying button', () => {
  it('is SUBSCRIBE NOW without a subscription or after a revocation, RENEW when expired, RETRY after a failure or a cancellation, none otherwise', () => {
    expect(payActionFor(null)).toBe('SUBSCRIBE NOW');
    expect(payActionFor(subscription({ status: 'expired' }))).toBe('RENEW SUBSCRIPTION');
    expect(payActionFor(subscription({ status: 'failed' }))).toBe('RETRY PAYMENT');
    expect(payActionFor(subscription({ status: 'cancelled' }))).toBe('RETRY PAYMENT');
    // Revoking ended the membership for good: coming back is a new subscription, not a retried payment.
    expect(payActionFor(subscription({ status: 'revoked' }))).toBe('SUBSCRIBE NOW');
    expect(payActionFor(subscription({ status: 'active' }))).toBeUndefined();
    expect(payActionFor(subscription({ status: 'pending' }))).toBeUndefined();
  });
});

describe('mandate revocation and polling', () => {
  it('offers revocation only for an active mandate', () => {
    const mandate = { mandate_id: 'MD-1', status: 'active', max_amount: 1178.82, next_execution_date: null };
    expect(revocableMandateId(subscription({ mandate }))).toBe('MD-1');
    expect(revocableMandateId(subscription({ mandate: { ...mandate, status: 'ACTIVE' } }))).toBe('MD-1');
    expect(revocableMandateId(subscription({ mandate: { ...mandate, status: 'cancelled' } }))).toBeUndefined();
    expect(revocableMandateId(subscription({ mandate: null }))).toBeUndefined();
    expect(revocableMandateId(null)).toBeUndefined();
  });

  it('polls only a pending subscription whose payment has an order id', () => {
    expect(pollableOrderId(subscription({ status: 'pending' }))).toBe('MEM-1');
    expect(pollableOrderId(subscription({ status: 'active' }))).toBeUndefined();
    expect(pollableOrderId(subscription({ status: 'pending', latest_payment: null }))).toBeUndefined();
  });
});

describe('starting a payment', () => {
  const profile = { firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in', mobile: '+91 98765 43210' } as Profile;

  it('needs a first and a last name, and sends the spec body from the profile', () => {
    expect(mandateCustomerFrom(profile)).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      customer_name: 'Asha Rao',
      customer_email: 'asha@example.in',
      customer_phone: '9876543210',
    });
    expect(mandateCustomerFrom({ ...profile, lastname: ' ' })).toBeUndefined();
    expect(mandateCustomerFrom({ ...profile, firstname: '' })).toBeUndefined();
    expect(mandateCustomerFrom(undefined)).toBeUndefined();
    expect(mandateCustomerFrom({ ...profile, mobile: '12345' })).not.toHaveProperty('customer_phone');
  });

  it('turns failures into the spec words: the server’s own, the default, or the connection message', () => {
    expect(failureMessage(new ApiError('You already have an active membership.', 409), 'Failed', 'Offline')).toBe(
      'You already have an active membership.',
    );
    expect(failureMessage(new ApiError('Request failed (502)', 502), 'Failed', 'Offline')).toBe('Failed');
    expect(failureMessage(new ApiError('No active mandate found to revoke.', 400), 'Failed', 'Offline', false)).toBe('Failed');
    expect(failureMessage(new TypeError('fetch failed'), 'Failed', 'Offline')).toBe('Offline');
  });

  it('keeps amounts exact in paise', () => {
    expect(exactPaiseOf(1178.82)).toBe(117882);
    expect(exactPaiseOf(1178.82, 117882)).toBe(117882);
    expect(exactPaiseOf(null)).toBeUndefined();
  });
});
