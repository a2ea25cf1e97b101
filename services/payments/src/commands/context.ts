import type { PaymentTimeouts } from '@elts/contracts';
import {
  type Clock,
  createStream,
  type EventMetadata,
  type EventStore,
  type InternalClient,
  type Logger,
  type NewEvent,
  type UnitOfWork,
} from '@elts/platform';
import type { MembershipPlan, SignalSender } from '@elts/workflows';
import type { Kysely } from 'kysely';
import type { PaymentsEvent } from '../domain/payments-events.js';
import type { PaymentGateway } from '../gateway/payment-gateway.js';
import type { PaymentsSettings } from '../settings.js';
import { project } from '../store/projections.js';
import type { PaymentsDb } from '../store/tables.js';
import type { GatewayCheckLimiter } from './gateway-checks.js';

/** Everything the payment commands need, built once by the service. */
export interface PaymentsContext {
  db: Kysely<PaymentsDb>;
  events: EventStore<PaymentsDb>;
  gateway: PaymentGateway;
  settings: PaymentsSettings;
  timeouts: PaymentTimeouts;
  membership: MembershipPlan;
  /**
   * Where the flows send their workflow signals: inside the transaction that records the change calling for them
   * (`send(unit.db, ...)`), so a signal exists exactly when its change committed, and is delivered even if Temporal
   * is unreachable at that moment.
   */
  workflows: Pick<SignalSender, 'send'>;
  /** Spaces out the gateway checks members' pages ask for (one per payment per few seconds). */
  gatewayChecks: GatewayCheckLimiter;
  orders: () => InternalClient;
  logger: Logger;
  /** Where business time comes from: payment timeouts, membership cycles, notices, invoices' dates, credit expiry. */
  clock: Clock;
}

/**
 * Cashfree's environment when the payment is at Cashfree itself (not the emulator's pages): the shop opens Cashfree's
 * checkout in it, for a mandate and an order alike.
 */
export const cashfreeModeOf = (context: Pick<PaymentsContext, 'gateway' | 'settings'>) =>
  context.gateway.kind === 'cashfree' ? context.settings.CASHFREE_ENVIRONMENT : undefined;

/**
 * Creates a stream in the caller's unit, once (a payment, a membership's request, an invoice, a credit note; the
 * platform's `createStream`, decision 0167), its events projected in the same transaction. The events recorded:
 * none on a repeat.
 */
export function createPaymentsStream(
  unit: UnitOfWork<PaymentsDb>,
  streamId: string,
  first: () => PaymentsEvent[] | Promise<PaymentsEvent[]>,
  metadata?: EventMetadata,
) {
  return createStream(unit, streamId, first, { project, ...(metadata ? { metadata } : {}) });
}

/** Appends to a stream at the version given (the credit ledger's, at 'any' under its member's lock) and projects each stored event in the same transaction. */
export async function record(unit: UnitOfWork<PaymentsDb>, streamId: string, expected: number | 'any', events: NewEvent[]) {
  if (events.length === 0) return [];
  const stored = await unit.append(streamId, expected, events);
  for (const event of stored) await project(unit.db, event);
  return stored;
}
