/** The services whose workflow steps the Cron page lists. */
export const STEP_SERVICES = ['payments', 'orders', 'catalog'] as const;
export type StepService = (typeof STEP_SERVICES)[number];

/**
 * A workflow step that keeps failing, as `GET /admin/cron/status` lists it under `failing_steps`: still retried by
 * itself, and an operator may retry it now or give it up (`POST /admin/cron/steps/retry`, `/give-up` with its type
 * and key; docs/decisions/0034).
 */
export interface FailingStep {
  /**
   * The service whose step it is (payments, orders, catalog), as admin-bff names it when it lists every service's
   * failing steps; "retry now" and "give up" send it back. Absent: payments.
   */
  service?: StepService;
  /** The step's type (`membership.expiry`, ...). */
  type: string;
  /** Names the step for "retry now" and "give up": the timers table's key, or on Temporal the activity's step id. */
  key: string;
  /** The payment or subscription the step is for. */
  subject: string;
  attempts: number;
  lastError: string | null;
  /** When it runs again by itself (ISO); null when it waits for a person. */
  nextAttemptAt: string | null;
}
