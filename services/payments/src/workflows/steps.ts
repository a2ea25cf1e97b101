import { STEP, type StepType } from '@elts/workflows';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import { beginRenewal, expireCycle } from '../commands/memberships.js';
import { markAtRisk, settleFromGateway, timeOutPayment } from '../commands/payments.js';
import { reconcile } from '../commands/reconcile.js';

const paymentStep = z.object({ paymentId: z.string().min(1) });
const cycleStep = z.object({ subscriptionId: z.string().min(1), cycle: z.number().int().min(0) });

/** The payload each step takes, checked where it arrives over HTTP (the Temporal worker's activities). */
export const stepPayloads = {
  [STEP.atRisk]: paymentStep,
  [STEP.timeout]: paymentStep,
  [STEP.renewal]: cycleStep.extend({ attempt: z.number().int().min(1) }),
  [STEP.chargeCheck]: paymentStep.extend({ check: z.number().int().min(1) }),
  [STEP.expiry]: cycleStep,
  // The recurring job is scheduled with an empty payload: a normal run.
  [STEP.reconcile]: z.object({ mode: z.enum(['normal', 'light']).default('normal') }),
} satisfies Record<StepType, z.ZodType>;

/**
 * Runs one workflow step, whichever driver called for it: the embedded driver in-process, or a Temporal activity
 * through the internal HTTP API. Each step re-reads its state and decides with the pure cores, so it is idempotent.
 * Returns what the driver needs to plan the next step (a charge check's outcome, a reconciliation's counts).
 */
export async function runStep(context: PaymentsContext, type: StepType, payload: unknown): Promise<unknown> {
  switch (type) {
    case STEP.atRisk:
      return markAtRisk(context, stepPayloads[type].parse(payload).paymentId);
    case STEP.timeout:
      return timeOutPayment(context, stepPayloads[type].parse(payload).paymentId);
    case STEP.renewal: {
      const { subscriptionId, cycle, attempt } = stepPayloads[type].parse(payload);
      return beginRenewal(context, subscriptionId, cycle, attempt);
    }
    case STEP.chargeCheck:
      return settleFromGateway(context, stepPayloads[type].parse(payload).paymentId);
    case STEP.expiry: {
      const { subscriptionId, cycle } = stepPayloads[type].parse(payload);
      return expireCycle(context, subscriptionId, cycle);
    }
    case STEP.reconcile:
      return reconcile(context, stepPayloads[type].parse(payload).mode);
  }
}

/** Whether a cycle's renewal charge was raised already (its payment, keyed by subscription and cycle, exists). */
export async function renewalAlreadyRaised(context: Pick<PaymentsContext, 'db'>, subscriptionId: string, cycle: number): Promise<boolean> {
  const raised = await context.db
    .selectFrom('payments')
    .select('payment_id')
    .where('payment_id', 'like', `${subscriptionId}-C${cycle}-A%`)
    .executeTakeFirst();
  return raised !== undefined;
}
