export { startTestTemporal, temporalAvailability } from './temporal-test-server.js';
