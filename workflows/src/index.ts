export {
  afterFailedCharge,
  chargeDate,
  chargeFitsCycle,
  cycleEnd,
  DEFAULT_MEMBERSHIP_PLAN,
  type MembershipPlan,
  type MembershipStatus,
  MIN_NOTICE_TO_CHARGE_SECONDS,
  nextRenewalAttempt,
  renewalPaymentId,
  renewalStart,
  shouldRenew,
} from './core/membership.js';
export {
  atRiskDecision,
  type GatewayVerdict,
  lateVerdictDecision,
  type PaymentPhase,
  type PaymentTimeoutPlan,
  timeoutDecision,
  timeoutMinutes,
  timeoutSchedule,
} from './core/payment-timeout.js';
export {
  autoRenewalChangedSteps,
  type ChargeCheckPlan,
  chargeCheckFollowUp,
  DEFAULT_CHARGE_CHECK_PLAN,
  membershipCycleStartedSteps,
  membershipEndedSteps,
  paymentSettledSteps,
  paymentStartedSteps,
  renewalChargeRaisedSteps,
  renewalRetryDueSteps,
  STEP,
  type StepChange,
  type StepType,
} from './core/steps.js';
export { type WorkflowDurations, workflowDurations } from './durations.js';
export {
  type JobContext,
  type JobHandler,
  JobScheduler,
  type RecurringJob,
  type SchedulerLogger,
  type SchedulerOptions,
  type SchedulerStats,
  schedulerMigrationsDir,
} from './embedded/job-scheduler.js';
export { optionalTemporalSettings, type TemporalConnectionSettings, temporalConnectionSettings } from './temporal/settings.js';
