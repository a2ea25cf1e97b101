/**
 * The payment-timeout workflow's decisions, free of I/O. A payment is marked at risk when it is still unsettled at
 * the at-risk mark; at the deadline the gateway is asked once more, and an unsettled payment is failed. A settlement
 * that arrives after the failure is reconciled, never lost.
 */

export type PaymentPhase = 'pending' | 'processing' | 'success' | 'failed';
export type GatewayVerdict = 'paid' | 'declined' | 'unsettled';

export interface PaymentTimeoutPlan {
  atRiskAfterSeconds: number;
  timeoutAfterSeconds: number;
}

export function timeoutSchedule(createdAt: Date, plan: PaymentTimeoutPlan): { atRiskAt: Date; timeoutAt: Date } {
  return {
    atRiskAt: new Date(createdAt.getTime() + plan.atRiskAfterSeconds * 1000),
    timeoutAt: new Date(createdAt.getTime() + plan.timeoutAfterSeconds * 1000),
  };
}

const unsettled = (phase: PaymentPhase) => phase === 'pending' || phase === 'processing';

export function atRiskDecision(phase: PaymentPhase, alreadyAtRisk: boolean): 'mark_at_risk' | 'nothing' {
  return unsettled(phase) && !alreadyAtRisk ? 'mark_at_risk' : 'nothing';
}

/** At the deadline: the gateway's word decides; silence (or no answer) fails the payment as timed out. */
export function timeoutDecision(phase: PaymentPhase, verdict: GatewayVerdict): 'succeed' | 'fail_declined' | 'fail_timed_out' | 'nothing' {
  if (!unsettled(phase)) return 'nothing';
  if (verdict === 'paid') return 'succeed';
  if (verdict === 'declined') return 'fail_declined';
  return 'fail_timed_out';
}

/** A gateway's later word about a payment we already closed. */
export function lateVerdictDecision(phase: PaymentPhase, verdict: GatewayVerdict): 'reconcile_success' | 'nothing' {
  return phase === 'failed' && verdict === 'paid' ? 'reconcile_success' : 'nothing';
}

export function timeoutMinutes(plan: PaymentTimeoutPlan): number {
  return Math.round(plan.timeoutAfterSeconds / 60);
}
