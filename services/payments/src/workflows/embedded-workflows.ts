import {
  autoRenewalChangedSteps,
  type ChargeCheckPlan,
  chargeCheckFollowUp,
  JobScheduler,
  membershipCycleStartedSteps,
  membershipEndedSteps,
  nextRenewalAttempt,
  paymentSettledSteps,
  paymentStartedSteps,
  renewalChargeRaisedSteps,
  renewalRetryDueSteps,
  STEP,
  type StepChange,
  type StepType,
} from '@elts/workflows';
import type { Kysely } from 'kysely';
import type { PaymentsContext, WorkflowPort } from '../commands/context.js';
import type { SettlementOutcome } from '../commands/payments.js';
import { chargeCheckPlan } from './plans.js';
import { lastRenewalAttempt, runStep } from './steps.js';

/** The step types, by their old name (the scheduler's rows carry these strings). */
export const JOB = STEP;

/**
 * The payment-timeout and membership workflows on the embedded driver: each step is a durable row, keyed so that a
 * step is scheduled once per payment, cycle and attempt. What to schedule comes from the pure plans in
 * `@elts/workflows` (core/steps), which the Temporal workflows apply too; the steps themselves are `runStep`.
 */
export class EmbeddedWorkflows implements WorkflowPort {
  readonly scheduler: JobScheduler;
  private context!: PaymentsContext;
  private checks!: ChargeCheckPlan;

  constructor(db: Kysely<any>, logger: PaymentsContext['logger'], options: { pollMs?: number } = {}) {
    this.scheduler = new JobScheduler(db, { logger, pollMs: options.pollMs ?? 1000 });
  }

  /** The commands need the workflows and the workflows need the commands: joined once both exist. */
  bind(context: PaymentsContext): void {
    this.context = context;
    this.checks = chargeCheckPlan(context.settings);
    const step = (type: StepType) => async (payload: unknown) => {
      await runStep(this.context, type, payload);
    };
    this.scheduler
      .register(STEP.atRisk, step(STEP.atRisk))
      .register(STEP.timeout, step(STEP.timeout))
      .register(STEP.renewal, step(STEP.renewal))
      .register(STEP.chargeCheck, async (payload) => {
        const outcome = (await runStep(this.context, STEP.chargeCheck, payload)) as SettlementOutcome;
        await this.apply(chargeCheckFollowUp(payload, outcome, new Date(), this.checks));
      })
      .register(STEP.expiry, step(STEP.expiry))
      .every(STEP.reconcile, context.settings.RECONCILE_EVERY_SECONDS, step(STEP.reconcile));
  }

  start(): Promise<void> {
    return this.scheduler.start();
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }

  /** A plan becomes rows of the timers table. */
  private async apply(changes: StepChange[]): Promise<void> {
    for (const change of changes) {
      if (change.op === 'schedule') {
        await this.scheduler.schedule(change.type, change.key, change.dueAt, change.payload, {
          onlyIfAbsent: change.onlyIfAbsent ?? false,
        });
      } else if (change.op === 'cancel') {
        await this.scheduler.cancel(change.type, change.key);
      } else {
        await this.scheduler.cancelByPrefix(change.prefix, change.types);
      }
    }
  }

  paymentStarted(payment: { paymentId: string; atRiskAt: Date | null; timeoutAt: Date | null }): Promise<void> {
    return this.apply(paymentStartedSteps(payment));
  }

  paymentSettled(paymentId: string): Promise<void> {
    return this.apply(paymentSettledSteps(paymentId));
  }

  membershipCycleStarted(cycle: { subscriptionId: string; cycle: number; endDate: Date; autoRenewal: boolean }): Promise<void> {
    return this.apply(membershipCycleStartedSteps(cycle, new Date(), this.context.membership));
  }

  renewalChargeRaised(charge: { paymentId: string; chargeOn: Date }): Promise<void> {
    return this.apply(renewalChargeRaisedSteps(charge, this.checks));
  }

  renewalRetryDue(retry: { subscriptionId: string; cycle: number; attempt: number; at: Date }): Promise<void> {
    return this.apply(renewalRetryDueSteps(retry));
  }

  membershipEnded(subscriptionId: string): Promise<void> {
    return this.apply(membershipEndedSteps(subscriptionId));
  }

  async autoRenewalChanged(subscription: { subscriptionId: string; cycle: number; endDate: Date | null; autoRenewal: boolean }) {
    const { membership } = this.context;
    const nextAttempt =
      subscription.autoRenewal && subscription.endDate !== null && subscription.cycle > 0
        ? nextRenewalAttempt(await lastRenewalAttempt(this.context, subscription.subscriptionId, subscription.cycle), membership)
        : null;
    await this.apply(autoRenewalChangedSteps(subscription, nextAttempt, new Date(), membership));
  }
}
