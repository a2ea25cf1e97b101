/**
 * The vocabulary of the flows' timer plans: a step is (type, key) due at a time, and a plan is a list of changes to
 * the pending steps. Both drivers apply the same plans, the embedded driver as rows of its timers table, Temporal as
 * timers inside the payment's or the subscription's workflow. Keys carry the payment, cycle and attempt, so a step
 * is scheduled once per attempt however often a plan is applied.
 */

export const STEP = {
  timeout: 'payment.timeout',
  renewal: 'membership.renewal',
  chargeCheck: 'membership.charge-check',
  expiry: 'membership.expiry',
  reconcile: 'payments.reconcile',
} as const;

export type StepType = (typeof STEP)[keyof typeof STEP];

export type StepChange =
  /** A pending step moves to the new time unless `onlyIfAbsent`; a running step is never reset from outside. */
  | { op: 'schedule'; type: StepType; key: string; dueAt: Date; payload: Record<string, unknown>; onlyIfAbsent?: boolean }
  | { op: 'cancel'; type: StepType; key: string }
  | { op: 'cancelByPrefix'; prefix: string; types?: StepType[] };
