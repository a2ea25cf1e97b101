export {
  CASHFREE_EMULATOR_LABEL,
  databaseUrlFor,
  distributedSettings,
  instancePort,
  instancesOf,
  type ProcessPlan,
  planDistributed,
} from './distributed-plan.js';
export { type Supervised, supervise } from './supervisor.js';
