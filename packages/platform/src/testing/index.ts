export { type DeciderThen, deciderSpec, type GivenEvent, recorded } from './decider-spec.js';
export { pdfContent, pdfText } from './pdf-text.js';
export { planWithoutSequentialScans } from './query-plan.js';
export { type RawExchange, rawHttp } from './raw-http.js';
export {
  type HarnessOptions,
  type RequestOptions,
  type ServiceHarness,
  startServiceHarness,
  TEST_SERVICE_TOKEN,
} from './service-harness.js';
export { allReady, type ServiceProcess, startServiceProcess } from './service-process.js';
export { closedPort, closedPortRun, TcpProxy } from './tcp-proxy.js';
export {
  BUS_KINDS,
  type BusKind,
  busAvailable,
  captureLogger,
  createTestPostgresDatabase,
  DATABASE_KINDS,
  type DatabaseKind,
  databaseAvailable,
  deleteNamespacedStreams,
  dropTestPostgresDatabase,
  eventually,
  openTestBus,
  openTestDatabase,
  silentLogger,
  type TestBus,
  type TestDatabase,
  uniqueName,
} from './test-infrastructure.js';
