import type { ProductForOrder, StockHoldResult, StockMoveResult } from '@elts/contracts';
import type { EventStore, InternalClient, Logger, NewEvent, UnitOfWork } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { Serviceability } from '../serviceability/serviceability.js';
import type { OrdersSettings } from '../settings.js';
import { projectOrderEvent } from '../store/orders-projection.js';
import type { OrdersDb } from '../store/tables.js';

export interface PaymentOfOrder {
  paymentId: string;
  status: 'pending' | 'processing' | 'success' | 'failed';
  amountPaise: number;
  method: string | null;
  transactionId: string | null;
  failureReason: string | null;
  autoFailed: boolean;
  /** A failed payment the payer called off at checkout; older payments services do not say. */
  cancelled?: boolean;
  /** When the payment settled (null while open); older payments services do not say. */
  processedAt?: string | null;
  /** When a payment still open fails by itself (null once settled), and the timeout it was given; older payments services send neither. */
  expiresAt?: string | null;
  timeoutSeconds?: number;
}

/** The calls the order saga makes to the catalog and to payments, each keyed by the order id. */
export interface OrderPartners {
  product(productId: string): Promise<ProductForOrder | undefined>;
  /** `replacement`: stock for an exchange's replacement, which no sale window limits (docs/decisions/0025). */
  hold(orderId: string, productId: string, quantity: number, holdUntil: Date, replacement?: boolean): Promise<StockHoldResult>;
  /** With the hold asked for, a release that beats its hold to the catalog still keeps the hold from taking units. */
  release(orderId: string, asked?: { productId: string; quantity: number }): Promise<StockMoveResult>;
  commit(orderId: string): Promise<StockMoveResult>;
  reserveCredit(memberId: string, orderId: string, orderPricePaise: number): Promise<number>;
  releaseCredit(memberId: string, orderId: string): Promise<void>;
  checkout(request: {
    orderId: string;
    memberId: string;
    amountPaise: number;
    customer: { name: string; email: string; phone: string };
    note: string;
  }): Promise<{ paymentId: string; paymentSessionId: string; paymentLink: string | null; gateway: string }>;
  payment(orderId: string, refresh: boolean): Promise<PaymentOfOrder | undefined>;
  refund(orderId: string, reason: string): Promise<{ refundId: string }>;
  /**
   * Gives back `amountPaise` of the order's payment under `key` (docs/decisions/0024): the same key is the same
   * refund; payments refuses more than was paid. `status` may be 'pending': the gateway settles it later.
   */
  refundOrder(request: { orderId: string; key: string; amountPaise: number; reason: string }): Promise<{
    refundId: string;
    status: 'pending' | 'success' | 'failed';
  }>;
  /** Gives `amountPaise` to the member as membership credit instead of a refund, once per order. */
  creditInstead(request: { memberId: string; orderId: string; amountPaise: number }): Promise<{ creditId: string }>;
}

export interface OrdersContext {
  db: Kysely<OrdersDb>;
  events: EventStore<OrdersDb>;
  settings: OrdersSettings;
  serviceability: Serviceability;
  partners: OrderPartners;
  logger: Logger;
  /**
   * Schedules the backstop that fails an order left without a payment, or gives back the stock and credit of one
   * never recorded (a crash mid-saga). The member is in it because an unrecorded order has no row to name them.
   */
  expireLater(orderId: string, memberId: string, at: Date): Promise<void>;
  /**
   * The out-of-stock refund's timer (flows/out-of-stock.ts): at `at`, the choice deadline or now once a choice is
   * made, the refund is made. Written in the transaction `db` that records the change calling for it.
   */
  refundDueAt(db: Kysely<any>, orderId: string, at: Date): Promise<void>;
}

export async function recordOrder(unit: UnitOfWork<OrdersDb>, streamId: string, expected: number | 'any', events: NewEvent[]) {
  if (events.length === 0) return [];
  const stored = await unit.append(streamId, expected, events);
  for (const event of stored) await projectOrderEvent(unit.db, event);
  return stored;
}

export function internalPartners(catalog: () => InternalClient, payments: () => InternalClient): OrderPartners {
  return {
    async product(productId) {
      try {
        return await catalog().get<ProductForOrder>(`/internal/products/${encodeURIComponent(productId)}`);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }
    },
    hold: (orderId, productId, quantity, holdUntil, replacement) =>
      catalog().post<StockHoldResult>(
        '/internal/stock/hold',
        { orderId, productId, quantity, holdUntil: holdUntil.toISOString(), ...(replacement ? { replacement } : {}) },
        { idempotent: true },
      ),
    release: (orderId, asked) => catalog().post<StockMoveResult>('/internal/stock/release', { orderId, ...asked }, { idempotent: true }),
    commit: (orderId) => catalog().post<StockMoveResult>('/internal/stock/commit', { orderId }, { idempotent: true }),
    reserveCredit: async (memberId, orderId, orderPricePaise) =>
      (
        await payments().post<{ creditPaise: number }>(
          '/internal/credit/reserve',
          { memberId, orderId, orderPricePaise },
          { idempotent: true },
        )
      ).creditPaise,
    releaseCredit: async (memberId, orderId) => {
      await payments().post('/internal/credit/release', { memberId, orderId }, { idempotent: true });
    },
    checkout: (request) => payments().post('/internal/payments/checkout', request, { idempotent: true }),
    async payment(orderId, refresh) {
      try {
        const path = `/internal/payments/orders/${encodeURIComponent(orderId)}`;
        return refresh
          ? await payments().post<PaymentOfOrder>(`${path}/refresh`, {}, { idempotent: true })
          : await payments().get<PaymentOfOrder>(path);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }
    },
    refund: (orderId, reason) =>
      payments().post(`/internal/payments/orders/${encodeURIComponent(orderId)}/refund`, { reason }, { idempotent: true }),
    refundOrder: ({ orderId, ...body }) =>
      payments().post(`/internal/payments/orders/${encodeURIComponent(orderId)}/refunds`, body, { idempotent: true }),
    creditInstead: (request) => payments().post('/internal/credit/refund', request, { idempotent: true }),
  };
}
