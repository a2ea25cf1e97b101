import type { DataOf, OperationTable } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { ORDER_COPY } from '../src/membership/copy.js';
import {
  classifyStatus,
  forgetOrder,
  normaliseStatus,
  orderInfoFrom,
  orderTypeOf,
  rememberOrder,
  resolveOrderSource,
} from '../src/membership/order-status.js';
import { durationText, paymentWindowMessage } from '../src/membership/payment-window.js';

function memoryStorage(entries: Record<string, string> = {}) {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('where /order takes its order from', () => {
  it('uses a callback with both status and order id as it is, lower-casing the status', () => {
    const source = resolveOrderSource(
      new URLSearchParams('order_id=MEM-1&status=SUCCESS&mandate_id=MD-9&transaction_id=T-3'),
      memoryStorage(),
    );
    expect(source).toEqual({
      kind: 'callback',
      type: 'subscription',
      info: { order_id: 'MEM-1', status: 'success', mandate_id: 'MD-9', transaction_id: 'T-3' },
      message: 'Payment successful. Your UPI AutoPay mandate is active.',
    });
  });

  it("builds the callback's message from its status, or shows its error", () => {
    const message = (query: string) => {
      const source = resolveOrderSource(new URLSearchParams(query), memoryStorage());
      return source.kind === 'callback' ? source.message : undefined;
    };
    expect(message('order_id=M&status=failed')).toBe('Payment failed. No money was taken.');
    expect(message('order_id=M&status=Cancelled')).toBe('Payment was cancelled.');
    expect(message('order_id=M&status=failed&error=Bank+declined')).toBe('Bank declined');
    expect(message('order_id=M&status=USER_DROPPED')).toBe('Payment status updated: user_dropped.');
  });

  it("looks up the address's order, not the one the session still remembers", () => {
    // A failed order's keys outlived a logout; the member then opened another order from its link.
    const stale = memoryStorage({ current_order_id: 'ORD-53EC00000000', order_type: 'product' });
    expect(resolveOrderSource(new URLSearchParams('order_id=ORD-C17E00000000'), stale)).toEqual({
      kind: 'lookup',
      type: 'product',
      orderId: 'ORD-C17E00000000',
    });
    // Without an id in the address, the session's order is the one being paid.
    expect(resolveOrderSource(new URLSearchParams(''), stale)).toEqual({ kind: 'lookup', type: 'product', orderId: 'ORD-53EC00000000' });
  });

  it('tells a product order from a membership by how its id was minted, never by a session default', () => {
    const lookup = (query: string, session = memoryStorage()) => resolveOrderSource(new URLSearchParams(query), session);
    // The order-confirmation mail's link, opened in a tab with nothing stored.
    expect(lookup('order_id=ORD-1A2B3C4D5E6F')).toEqual({ kind: 'lookup', type: 'product', orderId: 'ORD-1A2B3C4D5E6F' });
    expect(lookup('order_id=MEM-1A2B3C4D5E6F')).toEqual({ kind: 'lookup', type: 'subscription', orderId: 'MEM-1A2B3C4D5E6F' });
    // The id outranks a session that names another type.
    expect(lookup('order_id=ORD-1', memoryStorage({ current_order_id: 'ORD-1', order_type: 'subscription' }))).toMatchObject({
      type: 'product',
    });
    expect(lookup('order_id=MEM-1&status=SUCCESS', memoryStorage({ order_type: 'product' }))).toMatchObject({
      kind: 'callback',
      type: 'subscription',
    });
    // An id of neither pattern: the session's type only when it remembers this very id; else the server is asked.
    expect(lookup('order_id=X-9', memoryStorage({ current_order_id: 'X-9', order_type: 'product' }))).toMatchObject({ type: 'product' });
    expect(lookup('order_id=X-9', memoryStorage({ current_order_id: 'X-8', order_type: 'product' }))).toMatchObject({ type: undefined });
    expect(lookup('order_id=X-9')).toMatchObject({ type: undefined });
    expect(orderTypeOf('ord-abc', memoryStorage())).toBe('product');
  });

  it('shows the callback error, or says there is no order information', () => {
    expect(resolveOrderSource(new URLSearchParams('error=Session+expired'), memoryStorage())).toEqual({
      kind: 'missing',
      message: 'Session expired',
    });
    expect(resolveOrderSource(new URLSearchParams(''), memoryStorage())).toEqual({ kind: 'missing', message: ORDER_COPY.noOrder });
    expect(resolveOrderSource(new URLSearchParams(''), memoryStorage({ order_type: 'subscription' }))).toEqual({
      kind: 'missing',
      message: ORDER_COPY.noOrderInSession,
    });
  });
});

describe('order outcomes', () => {
  it('groups statuses into success, failure and still under way', () => {
    expect(['success', 'completed', 'active'].map(classifyStatus)).toEqual(['success', 'success', 'success']);
    expect(['failed', 'cancelled', 'error'].map(classifyStatus)).toEqual(['failed', 'failed', 'failed']);
    expect(['pending', 'processing', 'revoked'].map(classifyStatus)).toEqual(['other', 'other', 'other']);
  });

  it("lower-cases a status and takes pending when there is none, and keeps the server's answer", () => {
    expect(normaliseStatus('ACTIVE')).toBe('active');
    expect(normaliseStatus(null)).toBe('pending');
    const answer: DataOf<OperationTable['mandateStatus']> = {
      order_id: 'MEM-1',
      status: 'active',
      subscription_status: 'active',
      mandate_status: 'active',
      mandate_id: 'MD-1',
      transaction_id: null,
      payment_method: 'upi',
      payment_status: 'success',
      amount: 1178.82,
      last_updated: '2026-01-01T00:00:00.000Z',
      error: null,
      payment_expires_at: null,
      payment_timeout_seconds: 900,
    };
    expect(orderInfoFrom('MEM-1', answer)).toEqual(answer);
    expect(orderInfoFrom('MEM-2', { ...answer, order_id: '' }).order_id).toBe('MEM-2');
  });

  it('remembers the order being paid and forgets it afterwards', () => {
    const session = memoryStorage();
    rememberOrder('MEM-2', 'subscription', session);
    expect(Object.fromEntries(session.values)).toEqual({ current_order_id: 'MEM-2', order_type: 'subscription' });
    forgetOrder(session);
    expect(session.values.size).toBe(0);
  });
});

describe('what a payment not completed yet says', () => {
  const now = Date.parse('2025-03-05T09:00:00Z');

  it("says how long the payment stays open and when it fails by itself, from the server's answer", () => {
    expect(paymentWindowMessage({ payment_expires_at: '2025-03-05T09:05:00Z', payment_timeout_seconds: 900 }, now)).toBe(
      'Your payment is not complete yet. It stays open for 15 minutes, until 05/03/2025 14:35, and fails by itself if it is not completed by then.',
    );
    // The length is the server's setting, not a number of the page's.
    expect(paymentWindowMessage({ payment_expires_at: '2025-03-05T09:00:10Z', payment_timeout_seconds: 15 }, now)).toContain(
      'stays open for 15 seconds, until 05/03/2025 14:30,',
    );
    expect(paymentWindowMessage({ payment_expires_at: '2025-03-05T09:05:00Z' }, now)).toBe(
      'Your payment is not complete yet. It stays open until 05/03/2025 14:35 and fails by itself if it is not completed by then.',
    );
  });

  it('says the payment closed once its time has passed, and never promises a few seconds', () => {
    expect(paymentWindowMessage({ payment_expires_at: '2025-03-05T08:59:00Z', payment_timeout_seconds: 900 }, now)).toBe(
      'Your payment was not completed by 05/03/2025 14:29, when it closed, so it is being marked as failed.',
    );
    const unknown = paymentWindowMessage({ payment_expires_at: null }, now);
    expect(unknown).toContain('fails by itself');
    expect(unknown).not.toMatch(/few seconds|few minutes/);
  });

  it('writes a timeout as a person says it', () => {
    expect([900, 60, 90, 1, 3600, 7200, 150].map(durationText)).toEqual([
      '15 minutes',
      '1 minute',
      '90 seconds',
      '1 second',
      '1 hour',
      '2 hours',
      '3 minutes',
    ]);
  });
});
