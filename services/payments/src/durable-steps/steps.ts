import { renewalChargeOf, STEP, type StepType } from '@elts/workflows';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import { reconcile } from '../commands/reconcile.js';
import { advanceMembership, movePayment } from '../processes/membership/process-manager.js';

const paymentStep = z.object({ paymentId: z.string().min(1) });
const cycleStep = z.object({ subscriptionId: z.string().min(1), cycle: z.number().int().min(0) });

/** The payload each step takes, checked where it arrives over HTTP (the Temporal worker's activities). */
export const stepPayloads = {
  [STEP.timeout]: paymentStep,
  [STEP.renewal]: cycleStep.extend({ attempt: z.number().int().min(1) }),
  [STEP.chargeCheck]: paymentStep.extend({ check: z.number().int().min(1) }),
  [STEP.expiry]: cycleStep,
  // The recurring job is scheduled with an empty payload: a normal run.
  [STEP.reconcile]: z.object({ mode: z.enum(['normal', 'light']).default('normal') }),
} satisfies Record<StepType, z.ZodType>;

/**
 * Runs one workflow step, whichever driver called for it: the embedded driver in-process, or a Temporal activity
 * through the internal HTTP API. Each step is its flow's timer trigger, handed to the flow's one `advance`, which
 * re-reads state and decides, so a step is idempotent. Returns what the driver needs to plan the next step (a
 * charge check's outcome, a reconciliation's counts).
 */
export async function runStep(context: PaymentsContext, type: StepType, payload: unknown): Promise<unknown> {
  switch (type) {
    case STEP.timeout:
      return movePayment(context, stepPayloads[type].parse(payload).paymentId, 'deadline');
    case STEP.renewal: {
      const { subscriptionId, cycle, attempt } = stepPayloads[type].parse(payload);
      return advanceMembership(context, subscriptionId, { on: 'renewal-due', cycle, attempt });
    }
    case STEP.chargeCheck: {
      const { paymentId } = stepPayloads[type].parse(payload);
      const charge = renewalChargeOf(paymentId);
      // Not a renewal charge's id: nothing of ours to ask about.
      if (!charge) return 'unchanged';
      return advanceMembership(context, charge.subscriptionId, { on: 'charge-check', paymentId });
    }
    case STEP.expiry: {
      const { subscriptionId, cycle } = stepPayloads[type].parse(payload);
      return advanceMembership(context, subscriptionId, { on: 'cycle-end', cycle });
    }
    case STEP.reconcile:
      return reconcile(context, stepPayloads[type].parse(payload).mode);
  }
}
