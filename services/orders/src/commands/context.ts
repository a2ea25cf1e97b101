import { type BodyOf, catalogOperations, type DataOf, paymentsOperations } from '@elts/contracts';
import type { Clock, EventStore, InternalClient, Logger, NewEvent, UnitOfWork } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { Serviceability } from '../serviceability/serviceability.js';
import type { OrdersSettings } from '../settings.js';
import { projectOrderEvent } from '../store/orders-projection.js';
import type { OrdersDb } from '../store/tables.js';
import type { WaitingRoom } from '../waiting-room/waiting-room.js';
import type { PlacementGate } from './placement-gate.js';

/** A product order's payment as payments answers it: its operation's response is the one truth. */
export type OrderPayment = DataOf<typeof paymentsOperations.orderPayment>;

/** The calls the order saga makes to the catalog and to payments, each keyed by the order id. */
export interface OrderPartners {
  product(productId: string): Promise<DataOf<typeof catalogOperations.productForOrder> | undefined>;
  /** `replacement`: stock for an exchange's replacement, which no sale window limits (docs/decisions/0025). */
  hold(
    orderId: string,
    productId: string,
    quantity: number,
    holdUntil: Date,
    replacement?: boolean,
  ): Promise<DataOf<typeof catalogOperations.holdStock>>;
  /** With the hold asked for, a release that beats its hold to the catalog still keeps the hold from taking units. */
  release(orderId: string, asked?: { productId: string; quantity: number }): Promise<DataOf<typeof catalogOperations.releaseStock>>;
  commit(orderId: string): Promise<DataOf<typeof catalogOperations.commitStock>>;
  /** One unit of a released order's hold becomes `toOrderId`'s (a waitlisted member's reservation). */
  handOver(fromOrderId: string, toOrderId: string, holdUntil: Date): Promise<DataOf<typeof catalogOperations.handOverStock>>;
  reserveCredit(memberId: string, orderId: string, orderPricePaise: number): Promise<number>;
  releaseCredit(memberId: string, orderId: string): Promise<void>;
  checkout(
    request: BodyOf<typeof paymentsOperations.startProductCheckout>,
  ): Promise<DataOf<typeof paymentsOperations.startProductCheckout>>;
  payment(orderId: string, refresh: boolean): Promise<OrderPayment | undefined>;
  refund(orderId: string, reason: string): Promise<DataOf<typeof paymentsOperations.refundOrderPayment>>;
  /**
   * Gives back `amountPaise` of the order's payment under `key` (docs/decisions/0024): the same key is the same
   * refund; payments refuses more than was paid. `status` may be 'pending': the gateway settles it later.
   */
  refundOrder(
    request: { orderId: string } & BodyOf<typeof paymentsOperations.refundOrder>,
  ): Promise<DataOf<typeof paymentsOperations.refundOrder>>;
  /** Gives `amountPaise` to the member as membership credit instead of a refund, once per order. */
  creditInstead(request: BodyOf<typeof paymentsOperations.grantRefundCredit>): Promise<DataOf<typeof paymentsOperations.grantRefundCredit>>;
}

export interface OrdersContext {
  db: Kysely<OrdersDb>;
  events: EventStore<OrdersDb>;
  settings: OrdersSettings;
  serviceability: Serviceability;
  partners: OrderPartners;
  logger: Logger;
  /** Where business time comes from: holds, expiry, refund deadlines, exchange windows. */
  clock: Clock;
  /** Placements' turns, and the products just found sold out (placement-gate.ts). */
  gate: PlacementGate;
  /** The drop's waiting room: who may buy yet, in the draw's order (waiting-room/waiting-room.ts). */
  waitingRoom: WaitingRoom;
  /** Whether a member's idempotency key has a claim (idempotency-claims.ts `claimedKeys`). */
  keyClaimed(key: { memberId: string; key: string }): Promise<boolean>;
  /**
   * Schedules the backstop that fails an order left without a payment, or gives back the stock and credit of one
   * never recorded (a crash mid-saga). The member is in it because an unrecorded order has no row to name them.
   */
  expireLater(orderId: string, memberId: string, at: Date): Promise<void>;
  /** A reservation's end (settle-order.ts `endReservation`), written in the transaction `db` that records it. */
  reservationEndsAt(db: Kysely<any>, orderId: string, at: Date): Promise<void>;
  /** The end of a product's sale, when its waitlist's places still waiting close (waitlist/sale-end.ts). */
  waitlistClosesAt(productId: string, at: Date): Promise<void>;
  /**
   * The out-of-stock refund's timer (domain/out-of-stock.ts): at `at`, the choice deadline or now once a choice is
   * made, the refund is made. Written in the transaction `db` that records the change calling for it.
   */
  refundDueAt(db: Kysely<any>, orderId: string, at: Date): Promise<void>;
  /**
   * An approved exchange's backstop (commands/exchanges.ts): at `at` its stock step is carried on if the approval
   * stopped midway. Written in the transaction `db` that records the approval.
   */
  finishApprovalAt(db: Kysely<any>, exchangeId: string, at: Date): Promise<void>;
  /** A failed refund's chosen retry's backstop (commands/refund-retries.ts), written with the choice. */
  refundRetryAt(db: Kysely<any>, orderId: string, retryOf: string, at: Date): Promise<void>;
}

export async function recordOrder(unit: UnitOfWork<OrdersDb>, streamId: string, expected: number | 'any', events: NewEvent[]) {
  if (events.length === 0) return [];
  const stored = await unit.append(streamId, expected, events);
  for (const event of stored) await projectOrderEvent(unit.db, event);
  return stored;
}

/** `unitsBack`: told after each release the catalog answers, since units of some product may be free again. */
export function internalPartners(catalog: () => InternalClient, payments: () => InternalClient, unitsBack: () => void): OrderPartners {
  return {
    async product(productId) {
      try {
        return await catalog().operation(catalogOperations.productForOrder, { params: { id: productId } });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }
    },
    hold: (orderId, productId, quantity, holdUntil, replacement) =>
      catalog().operation(
        catalogOperations.holdStock,
        { body: { orderId, productId, quantity, holdUntil: holdUntil.toISOString(), ...(replacement ? { replacement } : {}) } },
        { idempotent: true },
      ),
    async release(orderId, asked) {
      const released = await catalog().operation(catalogOperations.releaseStock, { body: { orderId, ...asked } }, { idempotent: true });
      unitsBack();
      return released;
    },
    commit: (orderId) => catalog().operation(catalogOperations.commitStock, { body: { orderId } }, { idempotent: true }),
    handOver: (fromOrderId, toOrderId, holdUntil) =>
      catalog().operation(
        catalogOperations.handOverStock,
        { body: { fromOrderId, toOrderId, holdUntil: holdUntil.toISOString() } },
        { idempotent: true },
      ),
    reserveCredit: async (memberId, orderId, orderPricePaise) =>
      (await payments().operation(paymentsOperations.reserveCredit, { body: { memberId, orderId, orderPricePaise } }, { idempotent: true }))
        .creditPaise,
    releaseCredit: async (memberId, orderId) => {
      await payments().operation(paymentsOperations.releaseCredit, { body: { memberId, orderId } }, { idempotent: true });
    },
    // Sent once: payments alone repeats the gateway call behind it, under one idempotency key (issue 35). Repeating it
    // here too multiplied the attempts at Cashfree under a 429.
    checkout: (request) => payments().operation(paymentsOperations.startProductCheckout, { body: request }),
    async payment(orderId, refresh) {
      try {
        return refresh
          ? await payments().operation(paymentsOperations.refreshOrderPayment, { params: { orderId } }, { idempotent: true })
          : await payments().operation(paymentsOperations.orderPayment, { params: { orderId } });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }
    },
    refund: (orderId, reason) =>
      payments().operation(paymentsOperations.refundOrderPayment, { params: { orderId }, body: { reason } }, { idempotent: true }),
    refundOrder: ({ orderId, ...body }) =>
      payments().operation(paymentsOperations.refundOrder, { params: { orderId }, body }, { idempotent: true }),
    creditInstead: (request) => payments().operation(paymentsOperations.grantRefundCredit, { body: request }, { idempotent: true }),
  };
}
