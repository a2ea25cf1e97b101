import { STEP, type StepType } from '../core/steps.js';
import { type SettlementOutcome, type StepActivities, stepPath } from './contract.js';

/** The part of the platform's InternalClient the activities use: a POST to a service's `/internal/*` API. */
export interface StepCaller {
  post<T>(path: string, body: unknown): Promise<T>;
}

/**
 * The activities of the workflows: each asks the payments service to run one step, the same step function the
 * embedded driver calls in-process. The service re-reads its state and decides, so a repeated call changes nothing.
 * A failed call throws, and Temporal retries the activity under the workflow's retry policy.
 */
export function createStepActivities(payments: StepCaller): StepActivities {
  const run = async <T = void>(type: StepType, payload: object): Promise<T> => {
    const answer = await payments.post<{ outcome?: unknown } | undefined>(stepPath(type), payload);
    return answer?.outcome as T;
  };
  return {
    markAtRisk: (payload) => run(STEP.atRisk, payload),
    timeOutPayment: (payload) => run(STEP.timeout, payload),
    beginRenewal: (payload) => run(STEP.renewal, payload),
    checkRenewalCharge: (payload) => run<SettlementOutcome>(STEP.chargeCheck, payload),
    expireCycle: (payload) => run(STEP.expiry, payload),
    reconcile: (payload) => run<{ checked: number; settled: number }>(STEP.reconcile, payload),
  };
}
