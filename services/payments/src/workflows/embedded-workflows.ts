import { JobScheduler, renewalStart } from '@elts/workflows';
import type { Kysely } from 'kysely';
import type { PaymentsContext, WorkflowPort } from '../commands/context.js';
import { beginRenewal, expireCycle } from '../commands/memberships.js';
import { markAtRisk, settleFromGateway, timeOutPayment } from '../commands/payments.js';
import { reconcile } from '../commands/reconcile.js';

const CHARGE_RECHECK_MS = 60 * 60_000;
const MAX_CHARGE_CHECKS = 72;

export const JOB = {
  atRisk: 'payment.at-risk',
  timeout: 'payment.timeout',
  renewal: 'membership.renewal',
  chargeCheck: 'membership.charge-check',
  expiry: 'membership.expiry',
  reconcile: 'payments.reconcile',
} as const;

/**
 * The payment-timeout and membership workflows on the embedded driver: each step is a durable row, keyed so that a
 * step is scheduled once per payment, cycle and attempt. The same step functions run under Temporal in the
 * distributed topology (workflows/src/temporal).
 */
export class EmbeddedWorkflows implements WorkflowPort {
  readonly scheduler: JobScheduler;
  private context!: PaymentsContext;

  constructor(db: Kysely<any>, logger: PaymentsContext['logger'], options: { pollMs?: number } = {}) {
    this.scheduler = new JobScheduler(db, { logger, pollMs: options.pollMs ?? 1000 });
  }

  /** The commands need the workflows and the workflows need the commands: joined once both exist. */
  bind(context: PaymentsContext): void {
    this.context = context;
    const every = context.settings.RECONCILE_EVERY_SECONDS;
    this.scheduler
      .register(JOB.atRisk, async ({ paymentId }) => markAtRisk(this.context, paymentId))
      .register(JOB.timeout, async ({ paymentId }) => {
        await timeOutPayment(this.context, paymentId);
      })
      .register(JOB.renewal, async ({ subscriptionId, cycle, attempt }) => beginRenewal(this.context, subscriptionId, cycle, attempt))
      .register(JOB.chargeCheck, async ({ paymentId, check }) => {
        const outcome = await settleFromGateway(this.context, paymentId);
        if (outcome === 'unchanged' && check < MAX_CHARGE_CHECKS) {
          await this.scheduler.schedule(JOB.chargeCheck, `${paymentId}:k${check + 1}`, new Date(Date.now() + CHARGE_RECHECK_MS), {
            paymentId,
            check: check + 1,
          });
        }
      })
      .register(JOB.expiry, async ({ subscriptionId, cycle }) => expireCycle(this.context, subscriptionId, cycle))
      .every(JOB.reconcile, every, async ({ mode }) => {
        await reconcile(this.context, mode === 'light' ? 'light' : 'normal');
      });
  }

  start(): Promise<void> {
    return this.scheduler.start();
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }

  async paymentStarted({
    paymentId,
    atRiskAt,
    timeoutAt,
  }: {
    paymentId: string;
    atRiskAt: Date | null;
    timeoutAt: Date | null;
  }): Promise<void> {
    if (atRiskAt) await this.scheduler.schedule(JOB.atRisk, paymentId, atRiskAt, { paymentId }, { onlyIfAbsent: true });
    if (timeoutAt) await this.scheduler.schedule(JOB.timeout, paymentId, timeoutAt, { paymentId }, { onlyIfAbsent: true });
  }

  async paymentSettled(paymentId: string): Promise<void> {
    await this.scheduler.cancel(JOB.atRisk, paymentId);
    await this.scheduler.cancel(JOB.timeout, paymentId);
  }

  async membershipCycleStarted({
    subscriptionId,
    cycle,
    endDate,
    autoRenewal,
  }: {
    subscriptionId: string;
    cycle: number;
    endDate: Date;
    autoRenewal: boolean;
  }) {
    await this.scheduler.schedule(JOB.expiry, `${subscriptionId}:c${cycle}`, endDate, { subscriptionId, cycle }, { onlyIfAbsent: true });
    if (autoRenewal) {
      const at = renewalStart(endDate, new Date(), this.context.membership);
      await this.scheduler.schedule(
        JOB.renewal,
        `${subscriptionId}:c${cycle}:a1`,
        at,
        { subscriptionId, cycle, attempt: 1 },
        { onlyIfAbsent: true },
      );
    }
  }

  async renewalChargeRaised({ paymentId, chargeOn }: { paymentId: string; chargeOn: Date }) {
    const delayMs = this.context.settings.RENEWAL_CHECK_DELAY_SECONDS * 1000;
    await this.scheduler.schedule(
      JOB.chargeCheck,
      `${paymentId}:k1`,
      new Date(chargeOn.getTime() + delayMs),
      { paymentId, check: 1 },
      { onlyIfAbsent: true },
    );
  }

  async renewalRetryDue({ subscriptionId, cycle, attempt, at }: { subscriptionId: string; cycle: number; attempt: number; at: Date }) {
    await this.scheduler.schedule(
      JOB.renewal,
      `${subscriptionId}:c${cycle}:a${attempt}`,
      at,
      { subscriptionId, cycle, attempt },
      { onlyIfAbsent: true },
    );
  }

  async membershipEnded(subscriptionId: string): Promise<void> {
    await this.scheduler.cancelByPrefix(`${subscriptionId}:`);
  }

  async autoRenewalChanged({
    subscriptionId,
    cycle,
    endDate,
    autoRenewal,
  }: {
    subscriptionId: string;
    cycle: number;
    endDate: Date | null;
    autoRenewal: boolean;
  }) {
    if (!autoRenewal) {
      await this.scheduler.cancelByPrefix(`${subscriptionId}:c${cycle}:`, [JOB.renewal]);
      return;
    }
    if (!endDate || cycle === 0) return;
    const raised = await this.context.db
      .selectFrom('payments')
      .select('payment_id')
      .where('payment_id', 'like', `${subscriptionId}-C${cycle}-A%`)
      .executeTakeFirst();
    if (raised) return;
    const at = renewalStart(endDate, new Date(), this.context.membership);
    await this.scheduler.schedule(JOB.renewal, `${subscriptionId}:c${cycle}:a1`, at, { subscriptionId, cycle, attempt: 1 });
  }
}
