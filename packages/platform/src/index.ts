export { EventConsumer } from './bus/consumer.js';
export {
  type DeadLetter,
  deadLetterSubject,
  type EventBus,
  encodeEvent,
  type Outbox,
  retryDelayMs,
  type SubscribeOptions,
  type Subscription,
  subjectOf,
} from './bus/event-bus.js';
export { InProcessBus, type InProcessBusOptions } from './bus/in-process-bus.js';
export { NatsBus, type NatsBusOptions } from './bus/nats-bus.js';
export { OutboxRelay, type RelayOptions } from './bus/outbox-relay.js';
export { Wakeup, yieldToEventLoop } from './bus/wakeup.js';
export { ConfigError, describeConfig, EXIT_BAD_CONFIG, loadConfig, loadConfigs, secret } from './config/load-config.js';
export * as settings from './config/settings.js';
export { type AnyDb, type Database, type DatabaseOptions, ensurePostgresDatabase, openDatabase, sql } from './db/database.js';
export { loadMigrations, type Migration, MigrationError, migrate, platformMigrations } from './db/migrations.js';
export { DataDirLockedError } from './db/pglite.js';
export { ReadBatcher } from './db/read-batcher.js';
export { type Clock, ManualClock, systemClock } from './domain/clock.js';
export { type Refusal, type RefusalKind, Refused, refusal, refuse } from './domain/refusal.js';
export {
  type Accepted,
  acceptedOf,
  type CommandSource,
  type CreateOnce,
  createOnce,
  createStream,
  type Decided,
  type Decider,
  type Decision,
  type DomainEvent,
  decideOn,
  foldEvents,
  type Handled,
  type HandleOptions,
  handle,
  handleIn,
  isRefusal,
  type Recorded,
} from './events/decider.js';
export { decodeEvent, EventStore, type EventTables, readRawEventsAfter, type UnitOfWork } from './events/event-store.js';
export { ConcurrencyError, type EventMetadata, type ExpectedVersion, type NewEvent, type StoredEvent } from './events/types.js';
export { clientAddress, forwardedClientAddress, isLoopbackAddress, isLoopbackClient } from './front/client-address.js';
export { createForwarder, type ForwarderOptions } from './front/forwarder.js';
export {
  assertSameOrigin,
  remoteSessionResolver,
  resolvePrincipal,
  type SessionResolver,
  type SessionTokens,
  sessionTokens,
} from './front/sessions.js';
export { httpUpstream, inProcessUpstream, type Upstream, UpstreamUnavailableError } from './front/upstreams.js';
export { type AppEnv, createServiceApp, type ReadinessChecks, type ServiceAppOptions } from './http/app-factory.js';
export { type CsvDownload, csvCell, csvDownload, csvLine } from './http/csv.js';
export { type FailureBody, failureBody, fieldMessages, ok } from './http/envelope.js';
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isConnectionError,
  notFound,
  refusalError,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  unlessRefused,
  type ValidationIssue,
} from './http/errors.js';
export {
  type CallOptions,
  type FetchLike,
  InternalCallError,
  InternalClient,
  type InternalClientOptions,
  isDependencyUnavailable,
} from './http/internal-client.js';
export { mount, type OperationContext, type OperationHandler } from './http/operation-routes.js';
export {
  type AdminPrincipal,
  adminsOnly,
  type MemberPrincipal,
  PRINCIPAL_HEADER,
  type Principal,
  principalOf,
  principalSchema,
  requireAdmin,
  requireMember,
  SESSION_EXPIRED,
} from './http/principal.js';
export { requireServiceToken, SERVICE_TOKEN_HEADER, secretMatcher } from './http/service-token.js';
export { type FailingStepControl, failingStepRoutes, stepActionRoutes } from './http/step-routes.js';
export { jsonBody, parseOrThrow, pathParams, queryParams, refusalMessage, toIssues } from './http/validation.js';
export { createLogger, type Logger, type LoggerOptions } from './logging/logger.js';
export { REDACTED, redactDeep } from './logging/redact.js';
export { currentRequestId, requestContext } from './logging/request-context.js';
export { type BootedService, type BootOptions, bootService, schemaOf } from './service/boot.js';
export { type Infrastructure, type InfrastructureOptions, openInfrastructure } from './service/infrastructure.js';
export { instanceNameOf, nameThisInstance, type ProcessInstance, thisInstance } from './service/instance-name.js';
export { closeServer, exitOnConfigError, exitOnSignals, type FetchApp, listen, logUnhandledRejections } from './service/lifecycle.js';
export { type ProcessSettings, prettyLogs, processSettings, serviceUrlsVariable, withPort } from './service/process-settings.js';
export { runStandaloneService } from './service/run-standalone.js';
export {
  checkServiceSettings,
  defineService,
  type NodeEnv,
  type ServiceInstance,
  type ServiceModule,
  type ServiceRuntime,
} from './service/service-module.js';
export { applyRefundLine, kindOfRetried, type RefundLineRow, refundLinesOf } from './store/refund-lines.js';
