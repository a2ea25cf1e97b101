export {
  afterFailedCharge,
  chargeDate,
  cycleEnd,
  DEFAULT_MEMBERSHIP_PLAN,
  type MembershipPlan,
  type MembershipStatus,
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
