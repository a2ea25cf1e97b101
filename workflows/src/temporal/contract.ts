/**
 * What the payments service, the worker and the workflows agree on: workflow types, ids, signal names and the
 * shapes they carry. Plain data only (dates as ISO strings), no Temporal imports, so every side can load it.
 */
import type { ChargeCheckPlan, MembershipPlan } from '../flows/membership-cycle.js';
import type { SettlementOutcome } from '../flows/payment-timeout.js';
import type { StepType } from '../flows/timers.js';
import type { PendingStep } from './step-table.js';

export const WORKFLOW_TYPE = {
  paymentTimeout: 'paymentTimeout',
  membership: 'membership',
  reconciliation: 'reconciliation',
} as const;

export const SIGNAL = {
  paymentSettled: 'paymentSettled',
  cycleStarted: 'cycleStarted',
  renewalChargeRaised: 'renewalChargeRaised',
  renewalRetryDue: 'renewalRetryDue',
  membershipEnded: 'membershipEnded',
  autoRenewalChanged: 'autoRenewalChanged',
} as const;

export const QUERY = { pendingSteps: 'pendingSteps' } as const;

export const DEFAULT_TASK_QUEUE = 'elts-payments';
export const RECONCILIATION_SCHEDULE_ID = 'payments-reconciliation';

export const paymentTimeoutWorkflowId = (paymentId: string) => `payment-timeout-${paymentId}`;
export const membershipWorkflowId = (subscriptionId: string) => `membership-${subscriptionId}`;

export interface PaymentTimeoutInput {
  paymentId: string;
  timeoutAt: string | null;
  /** Set when the workflow continues as new: the steps still to run. */
  pending?: PendingStep[];
}

export interface MembershipInput {
  subscriptionId: string;
  plan: MembershipPlan;
  chargeChecks: ChargeCheckPlan;
  pending?: PendingStep[];
}

export type ReconcileMode = 'normal' | 'light';

export interface CycleStartedSignal {
  cycle: number;
  endDate: string;
  autoRenewal: boolean;
}

export interface RenewalChargeRaisedSignal {
  paymentId: string;
  chargeOn: string;
}

export interface RenewalRetryDueSignal {
  cycle: number;
  attempt: number;
  at: string;
}

export interface AutoRenewalChangedSignal {
  cycle: number;
  endDate: string | null;
  autoRenewal: boolean;
  /** The renewal attempt to schedule when switched on; null when there is none to make (see autoRenewalChangedSteps). */
  nextAttempt: number | null;
  /** What signals sent before `nextAttempt` carried instead (true: nothing to schedule; false: attempt 1). */
  renewalAlreadyRaised?: boolean;
}

/**
 * The activities: each runs one step in the payments service (over its internal HTTP API, with the service token),
 * the same step the embedded driver runs in-process. Steps are idempotent, so a retried activity is harmless.
 */
export interface StepActivities {
  timeOutPayment(payload: { paymentId: string }): Promise<void>;
  beginRenewal(payload: { subscriptionId: string; cycle: number; attempt: number }): Promise<void>;
  checkRenewalCharge(payload: { paymentId: string; check: number }): Promise<SettlementOutcome>;
  expireCycle(payload: { subscriptionId: string; cycle: number }): Promise<void>;
  reconcile(payload: { mode: ReconcileMode }): Promise<{ checked: number; settled: number }>;
}

/** Which activity runs a step of each type. */
export const STEP_ACTIVITY: Record<StepType, keyof StepActivities> = {
  'payment.timeout': 'timeOutPayment',
  'membership.renewal': 'beginRenewal',
  'membership.charge-check': 'checkRenewalCharge',
  'membership.expiry': 'expireCycle',
  'payments.reconcile': 'reconcile',
};
