import type { AlertChannel, AlertPreferences, DropAlertOutcome } from '@elts/contracts';
import type { Clock } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { MailOutbox, MailTables } from '../mail/mail-outbox.js';
import { addInboxMessage } from '../store/alert-inbox.js';
import { alertPreferencesOf } from '../store/alert-preferences.js';
import { lockMemberAlerts, momentsSent, recordAlertSent } from '../store/alert-sends.js';
import type { IdentityDb } from '../store/tables.js';
import { pushSubscriptionsOf } from '../store/web-push.js';
import { channelsFor, type DropMoment, itemAlerts, promotionalAllowed, sendAfter } from './alert-rules.js';
import { type AlertMatch, alertOpenPath, dropAlertMailText, dropAlertTitle } from './drop-alert-mail.js';
import type { DropAlertPushes } from './drop-alert-push.js';
import type { DropAlertWhatsApp } from './drop-alert-whatsapp.js';

export interface DropAlert {
  memberId: string;
  /** The member's confirmed address; null: no mail, whatever they chose. */
  email: string | null;
  dropId: string;
  moment: DropMoment;
  opensAt: Date;
  matches: AlertMatch[];
}

/**
 * Queues one drop message for one member on the channels they chose (docs/decisions/0088): only the items of lists
 * they hear about and have not muted, never an empty message, the opening only to members who asked to be woken,
 * at most two promotional messages per drop, and quiet hours delaying the mail. The send record, the inbox message
 * and the outbox mail are written in one transaction under the key (member, drop, moment): made again after a
 * restart or a kill mid-send, the message is neither lost (the outbox delivers it) nor repeated.
 */
export class DropAlerts {
  constructor(
    private readonly db: Kysely<IdentityDb>,
    private readonly mail: MailOutbox,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    /** Web Push, when offered (a VAPID key pair). */
    private readonly pushes?: DropAlertPushes,
    /** WhatsApp, when the Cloud API is set up. */
    private readonly whatsapp?: DropAlertWhatsApp,
  ) {}

  async queue(alert: DropAlert): Promise<DropAlertOutcome> {
    const now = this.clock.now();
    const { preferences, key } = await alertPreferencesOf(this.db, alert.memberId, now);
    const matches = alert.matches.filter((match) => itemAlerts(preferences, match.list, match.item));
    if (matches.length === 0) return 'nothing_to_say';
    if (alert.moment === 'opening' && !preferences.wakeAtOpening) return 'not_asked';
    const devices = preferences.channels.push && this.pushes ? await pushSubscriptionsOf(this.db, alert.memberId) : [];
    const whatsappReachable = preferences.channels.whatsapp && this.whatsapp ? await this.whatsapp.reachable(alert.memberId) : false;
    const channels = channelsFor(preferences).filter(
      (channel) =>
        (channel !== 'email' || alert.email) && (channel !== 'push' || devices.length > 0) && (channel !== 'whatsapp' || whatsappReachable),
    );
    if (channels.length === 0) return 'no_channel';
    const outcome = await this.db.transaction().execute(async (trx) => {
      // One member's messages are decided one at a time, so two moments cannot both pass the cap.
      await lockMemberAlerts(trx, alert.memberId);
      const sent = await momentsSent(trx, alert.memberId, alert.dropId);
      if (sent.includes(alert.moment)) return 'already_sent';
      if (!promotionalAllowed(sent.length)) return 'capped';
      await recordAlertSent(trx, { memberId: alert.memberId, dropId: alert.dropId, moment: alert.moment, at: now });
      await this.write(trx, alert, matches, channels, preferences, key, now);
      const waiting = { ...alert, matches, sendAfter: sendAfter(now, preferences, alert.moment) };
      if (channels.includes('push')) await this.pushes?.enqueue(trx, waiting, devices);
      if (channels.includes('whatsapp')) await this.whatsapp?.enqueue(trx, waiting);
      return 'queued' as const;
    });
    if (outcome === 'queued' && channels.includes('push')) this.pushes?.kick();
    if (outcome === 'queued' && channels.includes('whatsapp')) this.whatsapp?.kick();
    return outcome;
  }

  private async write(
    trx: Kysely<IdentityDb>,
    alert: DropAlert,
    matches: AlertMatch[],
    channels: AlertChannel[],
    preferences: AlertPreferences,
    key: string,
    now: Date,
  ): Promise<void> {
    const title = dropAlertTitle(alert.moment, matches.length, now, alert.opensAt);
    const dedupeKey = `drop-alert:${alert.dropId}:${alert.moment}:${alert.memberId}`;
    if (channels.includes('inbox')) {
      const body = matches.map((match) => match.productName).join(', ');
      await addInboxMessage(trx, { memberId: alert.memberId, dedupeKey, title, body, link: '/profile', at: now });
    }
    if (channels.includes('email') && alert.email) {
      // Each link names the drop: an unsubscribe from it counts in the drop's figures (docs/decisions/0164).
      const link = (what: Record<string, string>) =>
        `${this.publicUrl}/alerts/unsubscribe?${new URLSearchParams({ m: alert.memberId, k: key, ...what, d: alert.dropId })}`;
      const stopChannelUrl = link({ channel: 'email' });
      const open = { memberId: alert.memberId, key, dropId: alert.dropId, moment: alert.moment, channel: 'email' as const };
      const text = dropAlertMailText({
        title,
        matches,
        boardUrl: `${this.publicUrl}${alertOpenPath(open)}`,
        stopChannelUrl,
        stopItemUrl: (match) => link({ item: match.item }),
      });
      await this.mail.enqueue(
        {
          to: alert.email,
          subject: title,
          text,
          dedupeKey: `${dedupeKey}:email`,
          // RFC 8058: the mail client's one-click unsubscribe POSTs this body to the https link.
          headers: { 'List-Unsubscribe': `<${stopChannelUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          sendAfter: sendAfter(now, preferences, alert.moment),
        },
        trx as unknown as Kysely<MailTables>,
      );
    }
  }
}
