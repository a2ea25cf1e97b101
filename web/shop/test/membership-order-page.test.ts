import { describe, expect, it } from 'vitest';
import { ORDER_COPY } from '../src/membership/copy.js';
import { classifyStatus, forgetOrder, orderInfoFrom, rememberOrder, resolveOrderSource } from '../src/membership/order-status.js';

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

  it('otherwise looks up the stored order first, then the URL order, by the stored type (subscription by default)', () => {
    const stored = memoryStorage({ current_order_id: 'ORD-7', order_type: 'product' });
    expect(resolveOrderSource(new URLSearchParams('order_id=MEM-1'), stored)).toEqual({
      kind: 'lookup',
      type: 'product',
      orderId: 'ORD-7',
    });
    expect(resolveOrderSource(new URLSearchParams('order_id=MEM-1'), memoryStorage())).toEqual({
      kind: 'lookup',
      type: 'subscription',
      orderId: 'MEM-1',
    });
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

  it("lower-cases the server's status and takes pending when there is none", () => {
    expect(orderInfoFrom('MEM-1', { status: 'ACTIVE' }).status).toBe('active');
    expect(orderInfoFrom('MEM-1', { status: null })).toEqual({ status: 'pending', order_id: 'MEM-1' });
  });

  it('remembers the order being paid and forgets it afterwards', () => {
    const session = memoryStorage();
    rememberOrder('MEM-2', 'subscription', session);
    expect(Object.fromEntries(session.values)).toEqual({ current_order_id: 'MEM-2', order_type: 'subscription' });
    forgetOrder(session);
    expect(session.values.size).toBe(0);
  });
});
