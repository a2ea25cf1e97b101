import type { EventBus } from '../bus/event-bus.js';
import { loadConfig } from '../config/load-config.js';
import type { Database } from '../db/database.js';
import { loadMigrations, migrate, platformMigrations } from '../db/migrations.js';
import { type Clock, systemClock } from '../domain/clock.js';
import { EventStore } from '../events/event-store.js';
import { createServiceApp } from '../http/app-factory.js';
import { type FetchLike, InternalClient } from '../http/internal-client.js';
import type { Logger } from '../logging/logger.js';
import { checkServiceSettings, type NodeEnv, type ServiceInstance, type ServiceModule } from './service-module.js';

export interface BootOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  nodeEnv: NodeEnv;
  serviceToken: string;
  env: Record<string, string | undefined>;
  /** The services' time; the system's unless a test brings its own. */
  clock?: Clock;
  /** How to reach another service: its instances' URLs, or its app's fetch in the same process. */
  resolveService(target: string): { baseUrls: string[] } | { fetch: FetchLike };
}

export interface BootedService {
  module: ServiceModule;
  instance: ServiceInstance;
}

/** Migrates a service's schema, attaches its outbox to the bus and builds it. Background work starts later. */
export async function bootService(module: ServiceModule, options: BootOptions): Promise<BootedService> {
  const logger = options.logger.child({ service: module.name });
  const config = loadConfig(module.name, module.configSchema, options.env);
  checkServiceSettings(module.name, [[module, config]], options.nodeEnv);
  const db = options.database.forSchema(schemaOf(module.name));
  const migrations = [
    ...(await platformMigrations()),
    ...((await module.extraMigrations?.()) ?? []),
    ...(await loadMigrations(module.migrationsDir)),
  ];
  await migrate(db, schemaOf(module.name), migrations, logger);
  const events = new EventStore(db, module.registry);
  await options.bus.attachOutbox({ service: module.name, db: db as never, onAppend: (listener) => events.onAppend(listener) });
  const clients = new Map<string, InternalClient>();
  const instance = await module.create({
    name: module.name,
    nodeEnv: options.nodeEnv,
    config,
    logger,
    db,
    events,
    bus: options.bus,
    serviceToken: options.serviceToken,
    clock: options.clock ?? systemClock,
    exclusively: (name, work) => options.database.exclusively(`${schemaOf(module.name)}:${name}`, work),
    client(target) {
      let client = clients.get(target);
      if (!client) {
        client = new InternalClient({ target, token: options.serviceToken, ...options.resolveService(target) });
        clients.set(target, client);
      }
      return client;
    },
    createApp: (appOptions = {}) =>
      createServiceApp({
        name: module.name,
        logger,
        ...appOptions,
        serviceToken: options.serviceToken,
        readiness: { database: () => options.database.ping(), bus: () => options.bus.ping() },
      }),
  });
  return { module, instance };
}

/** Service names use '-', schema names '_'. */
export function schemaOf(serviceName: string): string {
  return serviceName.replace(/-/g, '_');
}
