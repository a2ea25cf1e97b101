export { type DurableTestTemporal, startDurableTestTemporal, startTestTemporal, temporalAvailability } from './temporal-test-server.js';
