import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import { addEarlyAccess, earlyAccessAmong, earlyAccessRows, removeEarlyAccess } from '../store/early-access.js';
import type { CatalogDb } from '../store/tables.js';
import { type CatalogContext, record } from './context.js';

const STREAM = 'early-access';

async function project(trx: Transaction<CatalogDb>, event: StoredEvent): Promise<void> {
  const { email } = event.data as { email: string };
  if (event.type === 'EarlyAccessGranted') {
    const actor = event.metadata.actor ?? 'unknown';
    await addEarlyAccess(trx, { email, addedBy: actor, addedAt: event.recordedAt });
  } else {
    await removeEarlyAccess(trx, email);
  }
}

export async function earlyAccessList(context: CatalogContext) {
  const rows = await earlyAccessRows(context.db);
  return rows.map((row) => ({ email: row.email, addedBy: row.added_by, addedAt: row.added_at.toISOString(), memberId: row.member_id }));
}

/** Adds or removes addresses (lower-cased); an address already in that state records nothing. */
export async function changeEarlyAccess(context: CatalogContext, emails: string[], grant: boolean, actor: string): Promise<void> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  await context.events.transact(async (unit) => {
    const present = await earlyAccessAmong(unit.db, wanted);
    const events = wanted
      .filter((email) => present.has(email) !== grant)
      .map((email) => ({ type: grant ? 'EarlyAccessGranted' : 'EarlyAccessRevoked', data: { email } }));
    await record(unit, STREAM, 'any', events, actor, project);
  });
}
