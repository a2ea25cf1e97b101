// What the payments service loads when TEMPORAL_ADDRESS is set (and only then: it pulls in Temporal's client),
// and the worker's activities, which its tests run against the service's step endpoint.

export { createStepActivities, type StepCaller } from './activities.js';
export { connectTemporal, type TemporalPortOptions, TemporalWorkflowPort, type WorkflowStarter } from './client.js';
export { type TemporalConnectionSettings, temporalConnectionSettings } from './settings.js';
