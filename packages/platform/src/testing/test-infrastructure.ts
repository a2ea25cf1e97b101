import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { inject } from 'vitest';
import type { EventBus } from '../bus/event-bus.js';
import { InProcessBus } from '../bus/in-process-bus.js';
import { NatsBus } from '../bus/nats-bus.js';
import { type Database, openDatabase } from '../db/database.js';
import { createLogger, type Logger } from '../logging/logger.js';
import './provided-context.js';

export type DatabaseKind = 'pglite' | 'postgres';
export type BusKind = 'in-process' | 'nats';

export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];
export const BUS_KINDS: BusKind[] = ['in-process', 'nats'];

export function databaseAvailable(kind: DatabaseKind): boolean {
  return kind === 'pglite' || inject('testPostgresUrl') !== '';
}

export function busAvailable(kind: BusKind): boolean {
  return kind === 'in-process' || inject('testNatsUrl') !== '';
}

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

let template: Blob | undefined;

export interface TestDatabase extends Database {
  /** postgres:// URL of the database, for tests that start separate processes. */
  url?: string;
}

/**
 * A fresh database: an in-memory PGlite from the run's template, or a new database on the test PostgreSQL server
 * (dropped again on close), so test files never see each other's rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    template ??= new Blob([await readFile(inject('pgliteTemplatePath'))]);
    return openDatabase({ pgliteTemplate: template });
  }
  const url = await createTestPostgresDatabase();
  // Per schema: an all-in-one test opens six, and three test files run at once on one server.
  const database = await openDatabase({ url, maxConnections: 5 });
  return {
    ...database,
    url,
    forSchema: database.forSchema.bind(database),
    async close() {
      await database.close();
      await dropTestPostgresDatabase(url);
    },
  };
}

export async function createTestPostgresDatabase(): Promise<string> {
  const base = inject('testPostgresUrl');
  if (!base) throw new Error('No PostgreSQL server for tests');
  const name = uniqueName('test_');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: inject('testPostgresUrl') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export interface TestBus {
  bus: EventBus;
  /** Another connection to the same bus, as a second process would have. */
  another(): Promise<EventBus>;
  close(): Promise<void>;
}

/** A bus for one test: the in-process bus on `database`, or NATS in a namespace of its own (its streams removed after). */
export async function openTestBus(
  kind: BusKind,
  database: Database,
  logger: Logger,
  options: { retryBaseMs?: number; batchSize?: number; pollMs?: number } = {},
): Promise<TestBus> {
  if (kind === 'in-process') {
    const bus = await InProcessBus.create({ db: database.forSchema('bus'), schema: 'bus', logger, pollMs: 50, ...options });
    return { bus, another: async () => bus, close: () => bus.close() };
  }
  const url = inject('testNatsUrl');
  const namespace = `${uniqueName('t')}.`;
  const opened: EventBus[] = [];
  const open = async () => {
    const bus = await NatsBus.connect({
      url,
      logger,
      connectionName: 'test',
      namespace,
      relayPollMs: 50,
      ackWaitMs: 5000,
      ...(options.retryBaseMs ? { retryBaseMs: options.retryBaseMs } : {}),
      ...(options.batchSize ? { prefetch: options.batchSize } : {}),
    });
    opened.push(bus);
    return bus;
  };
  const bus = await open();
  return {
    bus,
    another: open,
    async close() {
      await Promise.all(opened.map((b) => b.close()));
      await deleteNamespacedStreams(url, namespace);
    },
  };
}

/** Removes every stream a test created under its NATS namespace. */
export async function deleteNamespacedStreams(url: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const prefix = namespace.replace(/[^A-Za-z0-9_-]/g, '_');
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(prefix)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}

/** A logger whose JSON lines are kept for assertions (and not printed). */
export function captureLogger(name = 'test'): { logger: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const logger = createLogger({ name, level: 'debug', destination: destination as never });
  const text = () => chunks.join('');
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export const silentLogger = (): Logger => createLogger({ name: 'test', level: 'silent' });

/** Polls `check` until it returns true (or throws the last failure after `timeoutMs`). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, intervalMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
