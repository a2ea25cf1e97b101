import { randomUUID } from 'node:crypto';
import { WHATSAPP_OPT_IN_WORDING } from '@elts/contracts';
import { badRequest } from '@elts/platform';
import type { IdentityContext } from '../commands/context.js';
import { whatsappNumber } from '../notify/whatsapp.js';
import { recordOptIn, recordOptOut } from '../store/whatsapp.js';

/**
 * WhatsApp's consent as the member's choice changes (docs/decisions/0160): turning it on records an opt-in with their
 * number, the words they agreed to and the time (refused without a WhatsApp number, or while WhatsApp is not offered);
 * turning it off, by the settings or an unsubscribe link, records when they withdrew it.
 */
export async function recordWhatsAppConsent(
  deps: Pick<IdentityContext, 'db' | 'members' | 'whatsapp'>,
  memberId: string,
  change: { before: boolean; after: boolean; at: Date },
): Promise<void> {
  if (change.before === change.after) return;
  if (!change.after) return recordOptOut(deps.db, memberId, change.at);
  if (!deps.whatsapp) throw badRequest('Alerts on WhatsApp are not available yet');
  const mobile = (await deps.members.byId(memberId))?.mobile;
  if (!mobile || !whatsappNumber(mobile)) throw badRequest('Add your Indian mobile number to your profile to get alerts on WhatsApp');
  await recordOptIn(deps.db, { id: randomUUID(), memberId, mobile, wording: WHATSAPP_OPT_IN_WORDING, at: change.at });
}
