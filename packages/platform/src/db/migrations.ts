import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import type { Logger } from '../logging/logger.js';
import { assertSchemaName } from './database.js';

export interface Migration {
  id: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** Reads `NNNN_name.sql` files of a folder in name order; `prefix` keeps ids of different folders apart. */
export async function loadMigrations(dir: string, prefix = ''): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(dir, name), 'utf8');
      return { id: `${prefix}${name.replace(/\.sql$/, '')}`, sql: text, checksum: createHash('sha256').update(text).digest('hex') };
    }),
  );
}

/** The tables every service has: its event stream (which is also its outbox), relay and consumer bookkeeping. */
export function platformMigrations(): Promise<Migration[]> {
  return loadMigrations(fileURLToPath(new URL('../../migrations', import.meta.url)), 'platform/');
}

/**
 * Applies the migrations not yet applied to `schema`, in order, forward only, in one transaction under an advisory
 * lock: a second instance starting at the same moment waits, then finds nothing left to do. An applied migration
 * whose file has changed stops start-up: history is never edited, a new migration is added instead.
 */
export async function migrate(db: Kysely<any>, schema: string, migrations: Migration[], logger?: Logger): Promise<string[]> {
  assertSchemaName(schema);
  const ids = new Set<string>();
  for (const migration of migrations) {
    if (ids.has(migration.id)) throw new MigrationError(`Migration ${migration.id} is listed twice`);
    ids.add(migration.id);
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`migrate:${schema}`}))`.execute(trx);
    await sql.raw(`create schema if not exists "${schema}"`).execute(trx);
    await sql.raw(`set local search_path to "${schema}", public`).execute(trx);
    await sql`create table if not exists schema_migrations (
      id text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const applied = await sql<{ id: string; checksum: string }>`select id, checksum from schema_migrations`.execute(trx);
    const appliedById = new Map(applied.rows.map((row) => [row.id, row.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = appliedById.get(migration.id);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new MigrationError(`Migration ${migration.id} was changed after it was applied to ${schema}; add a new migration instead`);
        }
        continue;
      }
      await sql.raw(migration.sql).execute(trx);
      await sql`insert into schema_migrations (id, checksum) values (${migration.id}, ${migration.checksum})`.execute(trx);
      done.push(migration.id);
    }
    if (done.length > 0) logger?.info({ schema, migrations: done }, 'migrations applied');
    return done;
  });
}
