/**
 * The workflow port: what a service tells its long-running processes (signals), and what they ask of it in return
 * (steps). Two drivers implement it, the embedded timers table (`embedded/embedded-port.ts`) and Temporal
 * (`temporal/client.ts`, whose workflows run in `temporal/workflows.ts`), and one contract suite holds both to the
 * same behaviour (`test/port-contract.ts`). Commands never call a driver directly: they send their signals through
 * a `SignalSender` inside their own transaction. On the embedded driver that writes the timers themselves in it (they
 * live in the same database); on Temporal it writes the outbox (`signal-outbox.ts`), which delivers them at least
 * once, in order per workflow, so a signal survives Temporal being unreachable at commit time.
 */
import type { Kysely } from 'kysely';
import {
  autoRenewalChangedSteps,
  type ChargeCheckPlan,
  type MembershipPlan,
  membershipCycleStartedSteps,
  membershipEndedSteps,
  renewalChargeRaisedSteps,
  renewalRetryDueSteps,
} from './flows/membership-cycle.js';
import { paymentSettledSteps, paymentStartedSteps } from './flows/payment-timeout.js';
import type { StepChange, StepType } from './flows/timers.js';
import { membershipWorkflowId, paymentTimeoutWorkflowId } from './temporal/contract.js';

/** Something that happened which a flow's timers follow. Plain JSON (dates as ISO strings): it waits in a table. */
export type WorkflowSignal =
  /** A checkout payment was recorded: its deadline (null for a payment that never times out). */
  | { kind: 'paymentStarted'; paymentId: string; timeoutAt: string | null }
  | { kind: 'paymentSettled'; paymentId: string }
  /** A membership cycle began (activated or renewed). */
  | { kind: 'cycleStarted'; subscriptionId: string; cycle: number; endDate: string; autoRenewal: boolean }
  | { kind: 'renewalChargeRaised'; subscriptionId: string; paymentId: string; chargeOn: string }
  | { kind: 'renewalRetryDue'; subscriptionId: string; cycle: number; attempt: number; at: string }
  /** Expired, cancelled or revoked. */
  | { kind: 'membershipEnded'; subscriptionId: string }
  /** `nextAttempt`: the renewal attempt to schedule when switched on, null when there is none to make. */
  | {
      kind: 'autoRenewalChanged';
      subscriptionId: string;
      cycle: number;
      endDate: string | null;
      autoRenewal: boolean;
      nextAttempt: number | null;
    };

/** A driver. Delivery is at least once, so `deliver` must be idempotent: a repeated signal changes nothing. */
export interface WorkflowPort {
  deliver(signal: WorkflowSignal): Promise<void>;
}

/** How a command sends signals: inside its transaction (`db`), so they exist exactly when its change committed. */
export interface SignalSender {
  send(db: Kysely<any>, ...signals: WorkflowSignal[]): Promise<void>;
  /** After a commit that may have sent signals: act on them now rather than at the next poll. */
  wake(): void;
}

/**
 * How a driver runs a due step in the service: in-process (embedded) or through the service's step endpoint
 * (Temporal's activities). Steps re-read state and decide, so running one twice is harmless. The answer is what the
 * flow plans its next step by (a charge check's outcome).
 */
export type StepRunner = (type: StepType, payload: Record<string, unknown>) => Promise<unknown>;

/** The plans a driver needs to turn a membership's signals into timers. */
export interface FlowPlans {
  membership: MembershipPlan;
  chargeChecks: ChargeCheckPlan;
}

/** The workflow a signal is for (Temporal's workflow id): signals of one workflow are delivered in order. */
export function workflowOf(signal: WorkflowSignal): string {
  switch (signal.kind) {
    case 'paymentStarted':
    case 'paymentSettled':
      return paymentTimeoutWorkflowId(signal.paymentId);
    default:
      return membershipWorkflowId(signal.subscriptionId);
  }
}

/** The timer plan a signal calls for, from the flows' own plans. */
export function timerPlan(signal: WorkflowSignal, now: Date, plans: FlowPlans): StepChange[] {
  const date = (iso: string | null) => (iso === null ? null : new Date(iso));
  switch (signal.kind) {
    case 'paymentStarted':
      return paymentStartedSteps({ paymentId: signal.paymentId, timeoutAt: date(signal.timeoutAt) });
    case 'paymentSettled':
      return paymentSettledSteps(signal.paymentId);
    case 'cycleStarted':
      return membershipCycleStartedSteps({ ...signal, endDate: new Date(signal.endDate) }, now, plans.membership);
    case 'renewalChargeRaised':
      return renewalChargeRaisedSteps({ paymentId: signal.paymentId, chargeOn: new Date(signal.chargeOn) }, plans.chargeChecks);
    case 'renewalRetryDue':
      return renewalRetryDueSteps({ ...signal, at: new Date(signal.at) });
    case 'membershipEnded':
      return membershipEndedSteps(signal.subscriptionId);
    case 'autoRenewalChanged':
      return autoRenewalChangedSteps({ ...signal, endDate: date(signal.endDate) }, signal.nextAttempt, now, plans.membership);
  }
}
