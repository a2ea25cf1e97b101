import type { EventRegistry } from '@elts/contracts';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { EventBus } from '../bus/event-bus.js';
import { ConfigError } from '../config/load-config.js';
import type { Migration } from '../db/migrations.js';
import type { Clock } from '../domain/clock.js';
import type { EventStore } from '../events/event-store.js';
import type { SessionResolver } from '../front/sessions.js';
import type { AppEnv } from '../http/app-factory.js';
import type { InternalClient } from '../http/internal-client.js';
import type { Logger } from '../logging/logger.js';

export type NodeEnv = 'development' | 'production' | 'test';

/** What the platform hands a service when it boots, in either topology. */
export interface ServiceRuntime<Config = unknown, DB = any> {
  name: string;
  nodeEnv: NodeEnv;
  config: Config;
  logger: Logger;
  /** The service's own database, scoped to its schema and already migrated. */
  db: Kysely<DB>;
  /** The service's event streams (its outbox), attached to the bus. */
  events: EventStore<DB>;
  bus: EventBus;
  serviceToken: string;
  /** Where the service's business code reads the time (docs/decisions/0071): the system's, or a test's. */
  clock: Clock;
  /**
   * Runs `work` while no other instance of this service runs work of that name: start-up work two instances must
   * not both do, such as a seed that checks and then writes (Database.exclusively).
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** A client for another service's `/internal/*` endpoints. */
  client(target: string): InternalClient;
  /** The service's Hono app with the platform's middleware, health and readiness already in place. */
  createApp(options?: { bodyLimitBytes?: number }): Hono<AppEnv>;
}

export interface ServiceInstance {
  app: Hono<AppEnv>;
  /**
   * Identity's session lookup as a function, for a gateway in the same process (decision 0052): the same query and
   * answer as its `/internal/sessions/resolve`, without a request through its app.
   */
  resolveSessions?: SessionResolver;
  /** Background work (consumers, timers) starts here, after every service in the process is built. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

/** A service as the topologies see it: its name, settings, migrations, events and a factory. */
export interface ServiceModule<Schema extends z.ZodObject = z.ZodObject> {
  name: string;
  /** The service's own settings (beyond the platform's); parsed at start-up, failing fast. */
  configSchema: Schema;
  /** Absolute path of its `migrations/` folder. */
  migrationsDir: string;
  /** Tables of shared packages the service uses (the embedded workflow driver's, say), applied before its own. */
  extraMigrations?: () => Promise<Migration[]>;
  registry: EventRegistry;
  /**
   * What the schema alone cannot say about the settings: rules across several of them, or that production needs a
   * real provider. Run with the schemas, before anything opens, and again by bootService.
   */
  settingsProblems?(config: z.output<Schema>, nodeEnv: NodeEnv): string[];
  create(runtime: ServiceRuntime<z.output<Schema>>): Promise<ServiceInstance>;
}

export function defineService<Schema extends z.ZodObject>(module: ServiceModule<Schema>): ServiceModule<Schema> {
  return module;
}

/** Stops start-up, as a bad setting does, when a service's own rules refuse its parsed settings (all listed at once). */
export function checkServiceSettings(processName: string, parts: [ServiceModule, unknown][], nodeEnv: NodeEnv): void {
  const problems = parts.flatMap(([module, config]) => module.settingsProblems?.(config as never, nodeEnv) ?? []);
  if (problems.length > 0) throw new ConfigError(processName, problems);
}
