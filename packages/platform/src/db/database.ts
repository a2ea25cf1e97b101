import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import { openPglite } from './pglite.js';
import { type BatchingPgliteConnection, pglitePoolConfig } from './pglite-connection.js';

// Counts, positions and amounts in paise are int8 columns; they stay far below 2^53, so numbers are the honest type.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
// A `date` is a calendar date (a birthday, a drop day), not an instant: keep it as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export type AnyDb = Kysely<any>;

export interface DatabaseOptions {
  /** A postgres:// URL: the database lives on that server. */
  url?: string;
  /** Otherwise PGlite, with its files in this folder (in memory when undefined). */
  dataDir?: string;
  /** For an in-memory PGlite: start from this dump instead of an empty cluster. */
  pgliteTemplate?: Blob;
  /** Connections per schema's pool on PostgreSQL. PGlite has exactly one session. */
  maxConnections?: number;
}

/**
 * One database server. Each service works inside its own schema through `forSchema`, so the all-in-one topology can
 * keep every service in one database (one PGlite, or one PostgreSQL database) while each still owns its tables alone.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  forSchema<DB = any>(schema: string): Kysely<DB>;
  /**
   * Runs `work` while no other process runs work under `key` on this database: what two instances starting at once
   * must not both do (a seed that checks, then writes). On PostgreSQL a session advisory lock, on a connection of its
   * own, which a process that dies lets go of with its connection; the second instance waits, then finds the work
   * done. A PGlite database belongs to one process: the work just runs.
   */
  exclusively<T>(key: string, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;
const searchPathOf = new WeakMap<PostgresPoolClient, string>();

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
}

/**
 * PGlite has one session for every schema: a view of its pool points the session's search_path at the view's schema
 * when it last served another, and the statement travels with the next query (decision 0003).
 */
function scopedPglitePool(pool: pg.Pool, schema: string): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      if (searchPathOf.get(client) !== schema) {
        const { connection } = client as unknown as { connection: BatchingPgliteConnection };
        connection.runBeforeNextQuery(`set search_path to "${schema}", public`);
        searchPathOf.set(client, schema);
      }
      return client;
    },
    // The shared pool outlives each view; Database.close ends it.
    async end() {},
  };
}

/**
 * On a PostgreSQL server each schema has its pool, whose connections open with the schema's search_path: switching
 * one shared connection between schemas cost a round trip of its own each time, and in the all-in-one a placement
 * switched about fifteen times (decision 0003). `maxConnections` is per schema.
 */
function postgresPools(url: string, maxConnections: number) {
  const pools = new Map<string, pg.Pool>();
  let ended = false;
  const poolOf = (schema: string) => {
    const existing = pools.get(schema);
    if (existing) return existing;
    // A pool opened after close would outlive the database it belongs to.
    if (ended) throw new Error('The database is closed');
    const pool = new pg.Pool({
      connectionString: url,
      // Startup options are split on spaces: the name is checked (SCHEMA_NAME), so it needs no quotes.
      options: `-c search_path=${schema},public`,
      max: maxConnections,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    heedErrors(pool);
    pools.set(schema, pool);
    return pool;
  };
  const endAll = () => {
    ended = true;
    return Promise.all([...pools.values()].map((pool) => pool.end()));
  };
  return { poolOf, endAll };
}

/**
 * A client that loses its server emits 'error': on the pool while idle, on itself while checked out. Unheard, either
 * would crash the process; the query in flight still fails, and the pool discards the dead client on release.
 */
function heedErrors(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const views: Kysely<unknown>[] = [];
  const view = <DB>(schema: string, poolOf: (schema: string) => PostgresPool) => {
    assertSchemaName(schema);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: poolOf(schema) }) });
    views.push(db as Kysely<unknown>);
    return db;
  };
  const closeViews = () => Promise.all(views.map((db) => db.destroy()));
  const ping = async (pool: pg.Pool) => {
    const client = await pool.connect();
    try {
      await client.query('select 1');
    } finally {
      client.release();
    }
  };

  if (options.url) {
    const pools = postgresPools(options.url, options.maxConnections ?? 10);
    return {
      kind: 'postgres',
      // Views share their schema's pool, which outlives each of them; Database.close ends it.
      forSchema: <DB>(schema: string) => view<DB>(schema, (name) => ({ connect: () => pools.poolOf(name).connect(), async end() {} })),
      async exclusively(key, work) {
        const client = await pools.poolOf('public').connect();
        try {
          await client.query('select pg_advisory_lock(hashtext($1))', [`exclusively:${key}`]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock(hashtext($1))', [`exclusively:${key}`]);
          }
        } finally {
          client.release();
        }
      },
      ping: () => ping(pools.poolOf('public')),
      async close() {
        await closeViews();
        await pools.endAll();
      },
    };
  }
  const engine = await openPglite(options.dataDir, options.pgliteTemplate);
  const pool = new pg.Pool(pglitePoolConfig(engine.pglite));
  heedErrors(pool);
  return {
    kind: 'pglite',
    forSchema: <DB>(schema: string) => view<DB>(schema, (name) => scopedPglitePool(pool, name)),
    exclusively: (_key, work) => work(),
    ping: () => ping(pool),
    async close() {
      await closeViews();
      await pool.end();
      await engine.close();
    },
  };
}

/** Creates the database named in `url` on its server if it does not exist yet (distributed topology start-up). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-zA-Z_][\w-]{0,62}$/.test(name)) throw new Error(`Invalid database name in URL: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name}"`).catch((error: { code?: string }) => {
        // Another instance created it between our check and our create.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

export { sql };
