/**
 * How a failed workflow step is tried again, on both drivers (docs/decisions/0034): every step retries until it
 * succeeds or a person gives it up, never dropped after a count. A renewal, a charge check, an expiry or a mandate
 * cancellation lost to a gateway outage would cost a member or the business money, and the outage can outlast any
 * fixed number of attempts. Pure: the Temporal workflows (deterministic sandbox) and the embedded driver import it.
 */
export interface StepRetryRule {
  /** The wait before the second attempt; each later wait doubles. */
  firstDelayMs: number;
  /** The longest wait between two attempts, so a step still runs soon after an outage ends. */
  maxDelayMs: number;
}

export const STEP_RETRY: StepRetryRule = { firstDelayMs: 2_000, maxDelayMs: 15 * 60_000 };

/**
 * After this many failed attempts a step is flagged failing: the Cron page lists it (attempts, last error, next
 * try) for an operator to retry at once or give up. About four minutes of failures with the rule above.
 */
export const DEFAULT_FAILING_AFTER_ATTEMPTS = 8;

/** The wait after failed attempt `attempt` (1 for the first): 2 s, 4 s, 8 s, ... at most the rule's maximum. */
export function retryDelayMs(attempt: number, rule: StepRetryRule = STEP_RETRY): number {
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.max(0, attempt - 1));
}
