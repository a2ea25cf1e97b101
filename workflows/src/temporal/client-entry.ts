// What the payments service loads when TEMPORAL_ADDRESS is set (and only then: it pulls in Temporal's client).
export { connectTemporal, type TemporalPortOptions, TemporalWorkflowPort, type WorkflowStarter } from './client.js';
export { type TemporalConnectionSettings, temporalConnectionSettings } from './settings.js';
