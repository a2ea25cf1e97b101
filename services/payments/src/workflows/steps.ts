import { STEP, type StepType } from '@elts/workflows';
import { sql } from 'kysely';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import { beginRenewal, checkRenewalCharge, expireCycle } from '../commands/memberships.js';
import { markAtRisk, timeOutPayment } from '../commands/payments.js';
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
      return checkRenewalCharge(context, stepPayloads[type].parse(payload).paymentId);
    case STEP.expiry: {
      const { subscriptionId, cycle } = stepPayloads[type].parse(payload);
      return expireCycle(context, subscriptionId, cycle);
    }
    case STEP.reconcile:
      return reconcile(context, stepPayloads[type].parse(payload).mode);
  }
}

/**
 * How far a cycle's renewal has gone, for switching auto-renewal back on: null while one of its charges is open or
 * has paid (kept, not refunded), otherwise its last attempt (0 when none was made). A charge called off or refunded
 * because auto-renewal was off counts as an attempt made, so toggling cannot raise more charges than the plan allows.
 */
export async function lastRenewalAttempt(
  context: Pick<PaymentsContext, 'db'>,
  subscriptionId: string,
  cycle: number,
): Promise<number | null> {
  const charges = await sql<{ payment_id: string; status: string; refunded: boolean }>`
    select p.payment_id, p.status,
      exists (select 1 from events e where e.stream_id = 'payment-' || p.payment_id and e.type = 'PaymentRefunded') as refunded
    from payments p where p.subscription_id = ${subscriptionId} and p.payment_id like ${`${subscriptionId}-C${cycle}-A%`}`.execute(
    context.db,
  );
  let last = 0;
  for (const charge of charges.rows) {
    if (charge.status === 'pending' || charge.status === 'processing' || (charge.status === 'success' && !charge.refunded)) return null;
    last = Math.max(last, Number(/-A(\d+)$/.exec(charge.payment_id)?.[1] ?? 0));
  }
  return last;
}
