import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { CatalogDb } from '../store/tables.js';
import { type CatalogContext, record } from './context.js';

const STREAM = 'early-access';

async function project(trx: Transaction<CatalogDb>, event: StoredEvent): Promise<void> {
  const { email } = event.data as { email: string };
  if (event.type === 'EarlyAccessGranted') {
    const actor = event.metadata.actor ?? 'unknown';
    await trx
      .insertInto('early_access')
      .values({ email, added_by: actor, added_at: event.recordedAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await trx.deleteFrom('early_access').where('email', '=', email).execute();
  }
}

export async function earlyAccessList(context: CatalogContext) {
  const rows = await context.db
    .selectFrom('early_access as e')
    .leftJoin('members as m', (join) => join.on((eb) => eb(eb.fn('lower', ['m.email']), '=', eb.ref('e.email'))))
    .select(['e.email', 'e.added_by', 'e.added_at', 'm.member_id'])
    .orderBy('e.added_at')
    .orderBy('e.email')
    .execute();
  return rows.map((row) => ({ email: row.email, addedBy: row.added_by, addedAt: row.added_at.toISOString(), memberId: row.member_id }));
}

/** Adds or removes addresses (lower-cased); an address already in that state records nothing. */
export async function changeEarlyAccess(context: CatalogContext, emails: string[], grant: boolean, actor: string): Promise<void> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  await context.events.transact(async (unit) => {
    const present = new Set(
      (await unit.db.selectFrom('early_access').select('email').where('email', 'in', wanted).execute()).map((row) => row.email),
    );
    const events = wanted
      .filter((email) => present.has(email) !== grant)
      .map((email) => ({ type: grant ? 'EarlyAccessGranted' : 'EarlyAccessRevoked', data: { email } }));
    await record(unit, STREAM, 'any', events, actor, project);
  });
}
