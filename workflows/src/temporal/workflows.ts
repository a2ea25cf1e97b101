/**
 * The Temporal workflows. Loaded only inside the worker's deterministic sandbox: they import the pure flows and the
 * step table, never I/O. Each timer (when a payment times out, when a renewal's notice and charge
 * happen, when a charge is checked again) comes from the flows' timer plans (`../flows`), the same functions the
 * embedded driver applies to its timers table.
 */
import {
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  isCancellation,
  log,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import {
  autoRenewalChangedSteps,
  chargeCheckFollowUp,
  membershipCycleStartedSteps,
  membershipEndedSteps,
  renewalChargeRaisedSteps,
  renewalRetryDueSteps,
} from '../flows/membership-cycle.js';
import { paymentSettledSteps, paymentStartedSteps } from '../flows/payment-timeout.js';
import type { StepChange } from '../flows/timers.js';
import { STEP_RETRY } from '../operations/step-retry.js';
import {
  type AutoRenewalChangedSignal,
  type CycleStartedSignal,
  type MembershipInput,
  type PaymentTimeoutInput,
  QUERY,
  type ReconcileMode,
  type RenewalChargeRaisedSignal,
  type RenewalRetryDueSignal,
  SIGNAL,
  STEP_ACTIVITY,
  type StepActivities,
} from './contract.js';
import { type PendingStep, StepTable } from './step-table.js';

// The embedded driver's retry rule (docs/decisions/0034): doubling from 2 s to at most 15 minutes apart, with no
// last attempt, so a step outlives any outage of the gateway or the service until it succeeds or an operator gives
// it up. Temporal's UI shows the pending activity with its attempts; the Cron page lists it once it is failing.
// A running step heartbeats every 2 s (activities.ts): a step whose worker was killed is retried once 20 s pass
// without one, not at the start-to-close timeout, which only bounds a live step (its HTTP call gives up at 60 s).
const LIVENESS = { startToCloseTimeout: '2 minutes', heartbeatTimeout: '20 seconds' } as const;
const steps = proxyActivities<StepActivities>({
  ...LIVENESS,
  // No maximumAttempts: unset is unlimited.
  retry: { initialInterval: STEP_RETRY.firstDelayMs, backoffCoefficient: 2, maximumInterval: STEP_RETRY.maxDelayMs },
});

// A failed reconciliation run is not retried: the next run comes in a few minutes anyway.
const once = proxyActivities<Pick<StepActivities, 'reconcile'>>({
  ...LIVENESS,
  startToCloseTimeout: '4 minutes',
  retry: { maximumAttempts: 1 },
});

export const paymentSettled = defineSignal(SIGNAL.paymentSettled);
export const cycleStarted = defineSignal<[CycleStartedSignal]>(SIGNAL.cycleStarted);
export const renewalChargeRaised = defineSignal<[RenewalChargeRaisedSignal]>(SIGNAL.renewalChargeRaised);
export const renewalRetryDue = defineSignal<[RenewalRetryDueSignal]>(SIGNAL.renewalRetryDue);
export const membershipEnded = defineSignal(SIGNAL.membershipEnded);
export const autoRenewalChanged = defineSignal<[AutoRenewalChangedSignal]>(SIGNAL.autoRenewalChanged);
/** What a payment's or a subscription's workflow is waiting for (Temporal's UI and CLI can ask). */
export const pendingSteps = defineQuery<PendingStep[]>(QUERY.pendingSteps);

/**
 * Runs the table's steps as they fall due until none is left. A signal that changes the table wakes the wait, so a
 * settlement cancels a timeout that has not fired yet. A step's activity is retried until it succeeds; only a
 * failure Temporal does not retry (a non-retryable error) ends it, and is logged.
 */
async function runSteps(
  table: StepTable,
  followUp: (step: PendingStep, result: unknown) => StepChange[],
  continueWith: (pending: PendingStep[]) => Promise<never>,
): Promise<void> {
  for (;;) {
    const step = table.next();
    if (!step) return;
    const waitMs = Date.parse(step.dueAt) - Date.now();
    if (waitMs > 0) {
      const seen = table.version;
      await condition(() => table.version !== seen, waitMs);
      continue;
    }
    table.take(step);
    try {
      const result = await (steps[STEP_ACTIVITY[step.type]] as (payload: unknown) => Promise<unknown>)(step.payload);
      table.apply(followUp(step, result));
    } catch (error) {
      // Cancelling the workflow (Temporal's UI or CLI) ends it; a failure that is not retried ends only this step.
      if (isCancellation(error)) throw error;
      log.warn('workflow step failed for good', { type: step.type, key: step.key, error: String(error) });
    } finally {
      table.finished();
    }
    if (workflowInfo().continueAsNewSuggested) await continueWith(table.snapshot());
  }
}

const noFollowUp = () => [];

/** One per payment: failed at its deadline (after asking the gateway once more) unless it settles first. */
export async function paymentTimeout(input: PaymentTimeoutInput): Promise<void> {
  const table = new StepTable(input.pending);
  if (!input.pending) {
    table.apply(paymentStartedSteps({ paymentId: input.paymentId, timeoutAt: input.timeoutAt ? new Date(input.timeoutAt) : null }));
  }
  setHandler(paymentSettled, () => table.apply(paymentSettledSteps(input.paymentId)));
  setHandler(pendingSteps, () => table.snapshot());
  await runSteps(table, noFollowUp, (pending) => continueAsNew<typeof paymentTimeout>({ ...input, pending }));
}

/**
 * One per subscription: each cycle's expiry, and with auto-renewal its renewal (pre-debit notice, then the charge
 * at least 24 hours later, checked until it settles, retried after a failure). The payments service reports what
 * happened as signals (a cycle started, a charge was raised, a retry is due, the membership ended, auto-renewal was
 * toggled); the workflow ends once nothing is left to do and a later signal starts it again.
 */
export async function membership(input: MembershipInput): Promise<void> {
  const { subscriptionId, plan, chargeChecks } = input;
  const table = new StepTable(input.pending);
  setHandler(pendingSteps, () => table.snapshot());
  setHandler(cycleStarted, (signal) =>
    table.apply(
      membershipCycleStartedSteps(
        { subscriptionId, cycle: signal.cycle, endDate: new Date(signal.endDate), autoRenewal: signal.autoRenewal },
        new Date(),
        plan,
      ),
    ),
  );
  setHandler(renewalChargeRaised, (signal) =>
    table.apply(renewalChargeRaisedSteps({ paymentId: signal.paymentId, chargeOn: new Date(signal.chargeOn) }, chargeChecks)),
  );
  setHandler(renewalRetryDue, (signal) =>
    table.apply(renewalRetryDueSteps({ subscriptionId, cycle: signal.cycle, attempt: signal.attempt, at: new Date(signal.at) })),
  );
  setHandler(membershipEnded, () => table.apply(membershipEndedSteps(subscriptionId)));
  setHandler(autoRenewalChanged, (signal) =>
    table.apply(
      autoRenewalChangedSteps(
        {
          subscriptionId,
          cycle: signal.cycle,
          endDate: signal.endDate ? new Date(signal.endDate) : null,
          autoRenewal: signal.autoRenewal,
        },
        // A signal from before `nextAttempt` existed still means what it meant then.
        signal.nextAttempt !== undefined ? signal.nextAttempt : signal.renewalAlreadyRaised ? null : 1,
        new Date(),
        plan,
      ),
    ),
  );
  const followUp = (step: PendingStep, result: unknown) =>
    step.type === 'membership.charge-check'
      ? chargeCheckFollowUp(step.payload as { paymentId: string; check: number }, result as never, new Date(), chargeChecks)
      : [];
  await runSteps(table, followUp, (pending) => continueAsNew<typeof membership>({ ...input, pending }));
}

/** Started by the reconciliation schedule: the safety net for lost webhooks and lost timeouts. */
export async function reconciliation(input: { mode: ReconcileMode }): Promise<{ checked: number; settled: number }> {
  return once.reconcile({ mode: input.mode });
}
