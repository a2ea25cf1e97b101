import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, type Migration, MigrationError, migrate, openDatabase } from '../src/index.js';
import {
  createTestPostgresDatabase,
  DATABASE_KINDS,
  databaseAvailable,
  dropTestPostgresDatabase,
  openTestDatabase,
  uniqueName,
} from '../src/testing/index.js';

const migration = (id: string, text: string): Migration => ({ id, sql: text, checksum: `sum-${text}` });
const first = migration('0001_members', 'create table members (id int primary key); insert into members values (1);');
const second = migration('0002_names', 'alter table members add column name text;');

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  const available = databaseAvailable(kind);

  it.runIf(available)('applies pending migrations in order, once, forward only', async () => {
    const database = await openTestDatabase(kind);
    try {
      const schema = uniqueName('m_');
      const db = database.forSchema(schema);
      expect(await migrate(db, schema, [first])).toEqual(['0001_members']);
      expect(await migrate(db, schema, [first, second])).toEqual(['0002_names']);
      expect(await migrate(db, schema, [first, second])).toEqual([]);
      const rows = await sql<{ id: number; name: string | null }>`select * from members`.execute(db);
      expect(rows.rows).toEqual([{ id: 1, name: null }]);
      await expect(migrate(db, schema, [migration('0001_members', 'drop table members;'), second])).rejects.toBeInstanceOf(MigrationError);
    } finally {
      await database.close();
    }
  });

  it.runIf(available)('rolls back a failing set entirely', async () => {
    const database = await openTestDatabase(kind);
    try {
      const schema = uniqueName('m_');
      const db = database.forSchema(schema);
      await expect(migrate(db, schema, [first, migration('0002_bad', 'alter table nowhere add column x int;')])).rejects.toThrow();
      expect(await migrate(db, schema, [first])).toEqual(['0001_members']);
    } finally {
      await database.close();
    }
  });

  it.runIf(available)('keeps schemas of different services apart in one database', async () => {
    const database = await openTestDatabase(kind);
    try {
      const a = database.forSchema('svc_a');
      const b = database.forSchema('svc_b');
      await migrate(a, 'svc_a', [first]);
      await migrate(b, 'svc_b', [migration('0001_members', 'create table members (id int primary key, other text);')]);
      await sql`insert into members values (2)`.execute(a);
      const [inA, inB] = await Promise.all([
        sql<{ n: number }>`select count(*)::int as n from members`.execute(a),
        sql<{ n: number }>`select count(*)::int as n from members`.execute(b),
      ]);
      expect([inA.rows[0]!.n, inB.rows[0]!.n]).toEqual([2, 0]);
    } finally {
      await database.close();
    }
  });
});

describe('migrations with two instances starting together', () => {
  it.runIf(databaseAvailable('postgres'))('never race: each migration is applied exactly once', async () => {
    const url = await createTestPostgresDatabase();
    const instances = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    try {
      const slow = migration('0001_slow', 'create table audit (n int); select pg_sleep(0.3); insert into audit values (1);');
      const applied = await Promise.all(instances.map((database) => migrate(database.forSchema('svc'), 'svc', [slow])));
      expect(applied.flat()).toEqual(['0001_slow']);
      const rows = await sql<{ n: number }>`select count(*)::int as n from audit`.execute(instances[0]!.forSchema('svc'));
      expect(rows.rows[0]!.n).toBe(1);
    } finally {
      await Promise.all(instances.map((database) => database.close()));
      await dropTestPostgresDatabase(url);
    }
  });
});

describe('start-up work two instances must not both do', () => {
  it.runIf(databaseAvailable('postgres'))('runs one at a time under one name, and at once under two names', async () => {
    const url = await createTestPostgresDatabase();
    const instances = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    try {
      const log: string[] = [];
      const work = (who: string) => async () => {
        log.push(`${who} starts`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        log.push(`${who} ends`);
        return who;
      };
      const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
      expect(await Promise.all([a.exclusively('catalog:demo-seed', work('a')), b.exclusively('catalog:demo-seed', work('b'))])).toEqual([
        'a',
        'b',
      ]);
      // One after the other, whichever came first.
      expect([log[0]?.slice(2), log[1]?.slice(2), log[1]?.[0] === log[0]?.[0]]).toEqual(['starts', 'ends', true]);
      log.length = 0;
      await Promise.all([a.exclusively('catalog:demo-seed', work('a')), b.exclusively('identity:something-else', work('b'))]);
      expect(log.slice(0, 2).sort()).toEqual(['a starts', 'b starts']);
    } finally {
      await Promise.all(instances.map((database) => database.close()));
      await dropTestPostgresDatabase(url);
    }
  });
});

describe('a PGlite data directory', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('keeps its data across a restart and cannot be opened twice at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: dir });
    await migrate(database.forSchema('svc'), 'svc', [first]);
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await database.close();
    const reopened = await openDatabase({ dataDir: dir });
    try {
      const rows = await sql<{ id: number }>`select id from members`.execute(reopened.forSchema('svc'));
      expect(rows.rows).toEqual([{ id: 1 }]);
    } finally {
      await reopened.close();
    }
  });
});
