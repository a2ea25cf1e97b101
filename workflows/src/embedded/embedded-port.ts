import { type Clock, systemClock } from '@elts/platform';
import type { Kysely } from 'kysely';
import { chargeCheckFollowUp } from '../flows/membership-cycle.js';
import type { SettlementOutcome } from '../flows/payment-timeout.js';
import { STEP, type StepChange, type StepType } from '../flows/timers.js';
import { type FlowPlans, type SignalSender, type StepRunner, timerPlan, type WorkflowPort, type WorkflowSignal } from '../port.js';
import type { JobScheduler } from './job-scheduler.js';

/**
 * The workflow port on the embedded driver: a signal's timer plan becomes rows of the service's timers table, and
 * each due row runs its step in this process. A row is (type, key), so a step is scheduled once per payment, cycle
 * and attempt, and a repeated signal changes nothing. The timers table is in the service's own database, so a
 * command's signals need no outbox: `send` writes their rows in the command's transaction.
 */
export class EmbeddedWorkflowPort implements WorkflowPort, SignalSender {
  constructor(
    readonly scheduler: JobScheduler,
    private readonly plans: FlowPlans,
    /** Where the timers' due times (payment timeouts, renewals, charge checks) are counted from. */
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Runs the flows' steps through `run` (the service's step function). A charge check's outcome plans its next
   * check, as the Temporal workflow does with its activity's answer. With `reconcileEverySeconds`, the
   * reconciliation runs on that schedule too.
   */
  runSteps(run: StepRunner, options: { reconcileEverySeconds?: number } = {}): this {
    const step = (type: StepType) => async (payload: Record<string, unknown>) => {
      await run(type, payload);
    };
    this.scheduler
      .register(STEP.timeout, step(STEP.timeout))
      .register(STEP.renewal, step(STEP.renewal))
      .register(STEP.chargeCheck, async (payload: { paymentId: string; check: number }) => {
        const outcome = (await run(STEP.chargeCheck, payload)) as SettlementOutcome;
        await this.apply(chargeCheckFollowUp(payload, outcome, this.clock.now(), this.plans.chargeChecks));
      })
      .register(STEP.expiry, step(STEP.expiry));
    if (options.reconcileEverySeconds) this.scheduler.every(STEP.reconcile, options.reconcileEverySeconds, step(STEP.reconcile));
    return this;
  }

  deliver(signal: WorkflowSignal): Promise<void> {
    return this.apply(timerPlan(signal, this.clock.now(), this.plans));
  }

  /** The signals' timers, written in `db` (the command's transaction): they commit, or not, with its change. */
  async send(db: Kysely<any>, ...signals: WorkflowSignal[]): Promise<void> {
    for (const signal of signals) await this.apply(timerPlan(signal, this.clock.now(), this.plans), db);
  }

  /** A step a commit made due at once runs now rather than at the next poll. */
  wake(): void {
    this.scheduler.kick();
  }

  private async apply(changes: StepChange[], db?: Kysely<any>): Promise<void> {
    for (const change of changes) {
      if (change.op === 'schedule') {
        await this.scheduler.schedule(change.type, change.key, change.dueAt, change.payload, {
          onlyIfAbsent: change.onlyIfAbsent ?? false,
          db,
        });
      } else if (change.op === 'cancel') {
        await this.scheduler.cancel(change.type, change.key, { db });
      } else {
        await this.scheduler.cancelByPrefix(change.prefix, change.types, { db });
      }
    }
  }
}
