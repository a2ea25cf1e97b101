import type { EventStore, InternalClient, Logger, NewEvent, UnitOfWork } from '@elts/platform';
import type { MembershipPlan, PaymentTimeoutPlan } from '@elts/workflows';
import type { Kysely } from 'kysely';
import type { PaymentGateway } from '../gateway/payment-gateway.js';
import type { PaymentsSettings } from '../settings.js';
import { project } from '../store/projections.js';
import type { PaymentsDb } from '../store/tables.js';
import type { GatewayCheckLimiter } from './gateway-checks.js';

/** The steps the workflows take later; the embedded driver or Temporal implements them. */
export interface WorkflowPort {
  paymentStarted(payment: { paymentId: string; atRiskAt: Date | null; timeoutAt: Date | null }): Promise<void>;
  paymentSettled(paymentId: string): Promise<void>;
  membershipCycleStarted(cycle: { subscriptionId: string; cycle: number; endDate: Date; autoRenewal: boolean }): Promise<void>;
  renewalChargeRaised(charge: { subscriptionId: string; cycle: number; attempt: number; paymentId: string; chargeOn: Date }): Promise<void>;
  renewalRetryDue(retry: { subscriptionId: string; cycle: number; attempt: number; at: Date }): Promise<void>;
  membershipEnded(subscriptionId: string): Promise<void>;
  autoRenewalChanged(subscription: { subscriptionId: string; cycle: number; endDate: Date | null; autoRenewal: boolean }): Promise<void>;
}

/** Everything the payment commands need, built once by the service. */
export interface PaymentsContext {
  db: Kysely<PaymentsDb>;
  events: EventStore<PaymentsDb>;
  gateway: PaymentGateway;
  settings: PaymentsSettings;
  timeouts: PaymentTimeoutPlan;
  membership: MembershipPlan;
  workflows: WorkflowPort;
  /** Spaces out the gateway checks members' pages ask for (one per payment per few seconds). */
  gatewayChecks: GatewayCheckLimiter;
  orders: () => InternalClient;
  logger: Logger;
}

/** Appends to a stream at the version read and projects each stored event in the same transaction. */
export async function record(unit: UnitOfWork<PaymentsDb>, streamId: string, expected: number | 'any', events: NewEvent[]) {
  if (events.length === 0) return [];
  const stored = await unit.append(streamId, expected, events);
  for (const event of stored) await project(unit.db, event);
  return stored;
}
