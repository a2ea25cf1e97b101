import { DATABASE_KINDS, databaseAvailable, planWithoutSequentialScans, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStatement } from '../src/store/outbox-claims.js';
import { startIdentity } from './helpers.js';

// A delivery pass runs every few seconds for as long as the service lives, and an outbox keeps every message it ever
// sent: a claim that read the whole table would grow slower with each drop (decision 0160).
describe.each(DATABASE_KINDS)('claiming due messages, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;
  beforeAll(async () => {
    if (available) identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  it.runIf(available).each(['mail_outbox', 'push_outbox', 'whatsapp_outbox'] as const)(
    'reads %s through an index of its waiting rows',
    async (table) => {
      const plan = await planWithoutSequentialScans(identity.db, claimStatement(table, '5 minutes', new Date()));
      expect(plan).not.toMatch(/Seq Scan/);
    },
  );
});
