// What the payments service loads when TEMPORAL_ADDRESS is set (and only then: it pulls in Temporal's client),
// and the worker's activities, which tests run against the service's step endpoint or a recorder of their own.

export { type StepCaller, stepActivities, stepsOverHttp } from './activities.js';
export { connectTemporal, type TemporalPortOptions, TemporalWorkflowPort, type WorkflowStarter } from './client.js';
export { connectTemporalOperations, type ReconciliationScheduleState, TemporalOperations } from './operations.js';
export { ensureReconciliationSchedule } from './schedules.js';
export { type TemporalConnectionSettings, temporalConnectionSettings } from './settings.js';
// For a test worker beside the payments service (its renewal tests run the real steps on a Temporal server).
export { fastStepRetriesModule, workflowsPath } from './workflows-path.js';
