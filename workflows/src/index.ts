// The flows' decisions and timer plans, the workflow port, its embedded driver and the signal outbox. Temporal's
// side is `@elts/workflows/temporal-client`, loaded only where TEMPORAL_ADDRESS is set.
export { EmbeddedWorkflowPort } from './embedded/embedded-port.js';
export {
  type JobContext,
  type JobHandler,
  JobScheduler,
  type RecurringJob,
  type SchedulerLogger,
  type SchedulerOptions,
  type SchedulerStats,
} from './embedded/job-scheduler.js';
export {
  afterFailedCharge,
  autoRenewalChangedSteps,
  type ChargeCheckPlan,
  type CycleState,
  chargeCheckFollowUp,
  chargeCheckPlanOf,
  chargeDate,
  chargeFitsCycle,
  cycleEnd,
  DEFAULT_CHARGE_CHECK_PLAN,
  DEFAULT_MEMBERSHIP_PLAN,
  type MembershipPlan,
  type MembershipSettings,
  type MembershipStatus,
  MIN_NOTICE_TO_CHARGE_SECONDS,
  membershipCycleStartedSteps,
  membershipEndedSteps,
  membershipPlanOf,
  nextRenewalAttempt,
  type RenewalVerdict,
  renewalChargeOf,
  renewalChargeRaisedSteps,
  renewalPaymentId,
  renewalRetryDueSteps,
  renewalStart,
  renewalVerdict,
  shouldRenew,
  wantsRenewal,
} from './flows/membership-cycle.js';
export {
  afterAsking,
  asksGateway,
  type GatewayVerdict,
  type PaymentMove,
  type PaymentPhase,
  type PaymentTrigger,
  paymentDeadline,
  paymentSettledSteps,
  paymentStartedSteps,
  type SettlementOutcome,
  timeoutMinutes,
} from './flows/payment-timeout.js';
export { STEP, type StepChange, type StepType } from './flows/timers.js';
export { schedulerMigrationsDir, workflowMigrations } from './migrations.js';
export {
  type FailingStep,
  NO_WAITING_STEP,
  readStepAttempt,
  type StepAttempt,
  schedulerStepControl,
  stepAttemptHeaders,
  stepIdOf,
  stepSubject,
  TemporalStepFailures,
  waitingStep,
} from './operations/failing-steps.js';
export { RecurringJobs, type RecurringSummary } from './operations/recurring-jobs.js';
export { DEFAULT_FAILING_AFTER_ATTEMPTS, retryDelayMs, STEP_RETRY, type StepRetryRule } from './operations/step-retry.js';
export {
  type FlowPlans,
  type SignalSender,
  type StepRunner,
  timerPlan,
  type WorkflowPort,
  type WorkflowSignal,
  workflowOf,
} from './port.js';
export { SignalOutbox, type SignalOutboxOptions } from './signal-outbox.js';
export { optionalTemporalSettings, type TemporalConnectionSettings, temporalConnectionSettings } from './temporal/settings.js';
