import { sql } from '@elts/platform';
import type { ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStatement } from '../src/store/outbox-claims.js';
import { startIdentity } from './helpers.js';

// A delivery pass runs every few seconds for as long as the service lives, and an outbox keeps every message it ever
// sent: a claim that read the whole table would grow slower with each drop (decision 0160). With sequential scans
// priced out, the planner still picks one when no index can serve the statement, so this fails if one cannot.
describe('claiming due messages', () => {
  let identity: ServiceHarness;
  beforeAll(async () => {
    identity = await startIdentity('pglite');
  });
  afterAll(async () => identity?.close());

  it.each(['mail_outbox', 'push_outbox', 'whatsapp_outbox'] as const)('reads %s through an index of its waiting rows', async (table) => {
    const plan = await identity.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain ${claimStatement(table, '5 minutes', new Date())}`.execute(trx);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
