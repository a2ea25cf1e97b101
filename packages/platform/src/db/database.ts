import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import { openPglite } from './pglite.js';
import { BatchingPgliteConnection, pglitePoolConfig } from './pglite-connection.js';

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
  /** Connections per pool on PostgreSQL. PGlite has exactly one session. */
  maxConnections?: number;
}

/**
 * One database server reached by one pool. Each service works inside its own schema through `forSchema`, so the
 * all-in-one topology can keep every service in a single PGlite while each still owns its tables alone.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  forSchema<DB = any>(schema: string): Kysely<DB>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;
const searchPathOf = new WeakMap<PostgresPoolClient, string>();

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
}

/**
 * A view of the shared pool that points each client's search_path at one schema when it is checked out. The pg
 * client object is shared by all views, so the SET runs only when the client last served another schema.
 */
function scopedPool(pool: pg.Pool, schema: string): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      if (searchPathOf.get(client) !== schema) {
        const statement = `set search_path to "${schema}", public`;
        const { connection } = client as unknown as { connection: unknown };
        // On PGlite the statement goes out with the client's first query; on a server it is a round of its own.
        if (connection instanceof BatchingPgliteConnection) connection.runBeforeNextQuery(statement);
        else {
          try {
            await client.query(statement);
          } catch (error) {
            client.release(error as Error);
            throw error;
          }
        }
        searchPathOf.set(client, schema);
      }
      return client;
    },
    // The shared pool outlives each view; Database.close ends it.
    async end() {},
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let pool: pg.Pool;
  let closeEngine: () => Promise<void> = async () => {};
  let kind: Database['kind'];
  if (options.url) {
    kind = 'postgres';
    pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
  } else {
    kind = 'pglite';
    const engine = await openPglite(options.dataDir, options.pgliteTemplate);
    pool = new pg.Pool(pglitePoolConfig(engine.pglite));
    closeEngine = () => engine.close();
  }
  // A client that loses its server emits 'error': on the pool while idle, on itself while checked out. Unheard, either
  // would crash the process; the query in flight still fails, and the pool discards the dead client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));

  const views: Kysely<unknown>[] = [];
  return {
    kind,
    forSchema<DB>(schema: string) {
      assertSchemaName(schema);
      const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: scopedPool(pool, schema) }) });
      views.push(db as Kysely<unknown>);
      return db;
    },
    async ping() {
      const client = await pool.connect();
      try {
        await client.query('select 1');
      } finally {
        client.release();
      }
    },
    async close() {
      await Promise.all(views.map((view) => view.destroy()));
      await pool.end();
      await closeEngine();
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
