import { join, resolve } from 'node:path';
import type { EventBus } from '../bus/event-bus.js';
import { InProcessBus } from '../bus/in-process-bus.js';
import { NatsBus } from '../bus/nats-bus.js';
import { type Database, ensurePostgresDatabase, openDatabase } from '../db/database.js';
import type { Logger } from '../logging/logger.js';

export interface InfrastructureOptions {
  /** PostgreSQL when set; PGlite under `dataDir` otherwise. */
  databaseUrl?: string;
  dataDir: string;
  /** NATS JetStream when set; the in-process bus otherwise. */
  natsUrl?: string;
  natsNamespace?: string;
  logger: Logger;
  connectionName: string;
}

export interface Infrastructure {
  database: Database;
  bus: EventBus;
  close(): Promise<void>;
}

/** The database and the bus, chosen by configuration alone: the same code runs on either pair of adapters. */
export async function openInfrastructure(options: InfrastructureOptions): Promise<Infrastructure> {
  if (options.databaseUrl) await ensurePostgresDatabase(options.databaseUrl);
  const database = await openDatabase(
    options.databaseUrl ? { url: options.databaseUrl } : { dataDir: join(resolve(options.dataDir), 'pglite') },
  );
  try {
    const bus: EventBus = options.natsUrl
      ? await NatsBus.connect({
          url: options.natsUrl,
          logger: options.logger,
          connectionName: options.connectionName,
          ...(options.natsNamespace ? { namespace: `${options.natsNamespace}.` } : {}),
        })
      : await InProcessBus.create({ db: database.forSchema('bus'), schema: 'bus', logger: options.logger });
    return {
      database,
      bus,
      async close() {
        await bus.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
