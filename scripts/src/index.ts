export { databaseUrlFor, distributedSettings, instancePort, instancesOf, type ProcessPlan, planDistributed } from './distributed-plan.js';
export { supervise } from './supervisor.js';
