import { GiveawayDrawn, GiveawayPrizesSet, identityEvents } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { auditAdminEvent } from '../store/audit-log.js';
import type { AdminDb } from '../store/tables.js';

/**
 * The Audit page's giveaway rows: the twelve prizes an operator set, and the draw with everything needed to verify
 * it (its seed, method, how many entrants and their list's digest, and the winners) (docs/decisions/0019).
 */
export function giveawayAuditProjection(db: Kysely<AdminDb>) {
  return new EventConsumer('admin-bff.giveaway-audit', identityEvents, db)
    .on(GiveawayPrizesSet, async (data, event, trx) => {
      await auditAdminEvent(trx, event, { action: 'giveaway.prizes', target: 'giveaway', before: null, after: data.prizes });
    })
    .on(GiveawayDrawn, async (data, event, trx) => {
      await auditAdminEvent(trx, event, { action: 'giveaway.draw', target: 'giveaway', before: null, after: data });
    });
}
