import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedPglite, openPglite } from '../src/db/pglite.js';
import { type BatchingPgliteConnection, pglitePoolConfig } from '../src/db/pglite-connection.js';

describe('node-postgres over PGlite', () => {
  let engine: OpenedPglite;
  let pool: pg.Pool;
  let calls = 0;

  beforeAll(async () => {
    engine = await openPglite(undefined);
    const send = engine.pglite.execProtocolStream.bind(engine.pglite);
    engine.pglite.execProtocolStream = (message, options) => {
      calls++;
      return send(message, options);
    };
    pool = new pg.Pool(pglitePoolConfig(engine.pglite));
    // As openDatabase does: a client whose connection broke reports it to its query, not to the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    await pool.query('create table notes (id int primary key, body text not null)');
  });
  afterAll(async () => {
    await pool.end();
    await engine.close();
  });

  it("hands a parameterised query's messages to PGlite at once", async () => {
    calls = 0;
    await pool.query('insert into notes (id, body) values ($1, $2)', [1, 'first']);
    const { rows } = await pool.query('select id, body from notes where id = $1', [1]);
    expect(rows).toEqual([{ id: 1, body: 'first' }]);
    expect(calls).toBe(2);
  });

  it('reports a failed query with its error, and the session goes on', async () => {
    await expect(pool.query('insert into notes (id, body) values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key'),
    });
    await expect(pool.query('select nothing from nowhere')).rejects.toMatchObject({ code: '42P01' });
    expect((await pool.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps a transaction whole, and a rolled back one leaves nothing', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into notes (id, body) values ($1, $2)', [2, 'kept']);
      await client.query('commit');
      await client.query('begin');
      await client.query('insert into notes (id, body) values ($1, $2)', [3, 'dropped']);
      await expect(client.query('insert into notes (id, body) values ($1, $2)', [3, 'twice'])).rejects.toMatchObject({ code: '23505' });
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await pool.query('select id from notes order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('runs a named statement again without parsing it again', async () => {
    const named = { name: 'note-by-id', text: 'select body from notes where id = $1' };
    expect((await pool.query({ ...named, values: [1] })).rows).toEqual([{ body: 'first' }]);
    expect((await pool.query({ ...named, values: [2] })).rows).toEqual([{ body: 'kept' }]);
  });

  it("runs a statement handed ahead with the next query, in the same call, and only the query's answers reach it", async () => {
    await pool.query('create schema ahead; create table ahead.notes (id int primary key, body text not null)');
    await pool.query("insert into ahead.notes values (7, 'in ahead')");
    const client = await pool.connect();
    const { connection } = client as unknown as { connection: BatchingPgliteConnection };
    try {
      calls = 0;
      connection.runBeforeNextQuery('set search_path to "ahead", public');
      expect((await client.query('select id, body from notes where id = $1', [7])).rows).toEqual([{ id: 7, body: 'in ahead' }]);
      expect(calls).toBe(1);
      connection.runBeforeNextQuery('set search_path to public');
      expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
    } finally {
      client.release();
    }
  });

  it('fails the query and drops the session when the statement ahead of it failed', async () => {
    const client = await pool.connect();
    const { connection } = client as unknown as { connection: BatchingPgliteConnection };
    connection.runBeforeNextQuery('select nothing from nowhere');
    await expect(client.query('select 1')).rejects.toMatchObject({ code: '42P01' });
    client.release(true);
    expect((await pool.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
  });
});
