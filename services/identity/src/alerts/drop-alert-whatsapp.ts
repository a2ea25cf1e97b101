import type { Clock, Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import { WhatsAppRefused, type WhatsAppSender, type WhatsAppTemplate, whatsappNumber } from '../notify/whatsapp.js';
import type { WaitlistHandover } from '../store/outbox-claims.js';
import type { IdentityDb } from '../store/tables.js';
import { currentOptIn, markFailedMessages, type OutboxWhatsApp, standingOptInMobiles } from '../store/whatsapp.js';
import { dropAlertTitle } from './drop-alert-mail.js';
import { type DropMessage, type WaitingContent, WaitingMessages } from './waiting-message.js';
import { handoverTemplateParameters } from './waitlist-handover.js';

/** The drop alert template's two body parameters: the title, and each product with why it is there. */
export function dropAlertTemplateParameters(drop: Extract<WaitingContent, { kind: 'drop' }>, createdAt: Date) {
  const title = dropAlertTitle(drop.moment, drop.matches.length, createdAt, drop.opensAt);
  const lines = drop.matches.map((match) => `${match.productName} (${match.list === 'need' ? 'Need' : 'Greed'} list: '${match.item}')`);
  return [title, lines.join('; ')];
}

/**
 * Drop alerts on WhatsApp (docs/decisions/0160): a marketing template message, only to a member with a standing
 * opt-in, to the number they opted in with. Written to the WhatsApp outbox with the send record (once per moment,
 * across restarts), held through quiet hours, and checked again when it goes, as Web Push is.
 */
export class DropAlertWhatsApp extends WaitingMessages<OutboxWhatsApp> {
  constructor(
    db: Kysely<IdentityDb>,
    private readonly sender: WhatsAppSender,
    private readonly template: WhatsAppTemplate,
    logger: Logger,
    clock: Clock,
    /** The waitlist hand-over's UTILITY template and the site its order link points to (docs/decisions/0164). */
    private readonly handover?: { template: WhatsAppTemplate; siteUrl: string },
  ) {
    super(db, clock, logger, 'whatsapp', 'whatsapp_outbox');
    if (template.category !== 'MARKETING') throw new Error(`the drop alert template ${template.name} must be a MARKETING template`);
    if (handover && handover.template.category !== 'UTILITY')
      throw new Error(`the waitlist hand-over template ${handover.template.name} must be a UTILITY template`);
  }

  /** Whether the member can be sent a drop alert on WhatsApp: an opt-in standing, to a WhatsApp number. */
  async reachable(memberId: string): Promise<boolean> {
    return (await this.reachableOf([memberId])).has(memberId);
  }

  /** Those of these members who can be sent a drop alert on WhatsApp, in one read (a drop's batch). */
  async reachableOf(memberIds: string[]): Promise<Set<string>> {
    const mobiles = await standingOptInMobiles(this.db, memberIds);
    return new Set([...mobiles].filter(([, mobile]) => whatsappNumber(mobile)).map(([memberId]) => memberId));
  }

  /** Writes the messages in the caller's transaction: a drop alert is a marketing message. */
  enqueue(trx: Kysely<IdentityDb>, messages: DropMessage[]): Promise<void> {
    return this.write(
      trx,
      messages.map((message) => ({ message, key: 'whatsapp', columns: { category: 'MARKETING' } })),
    );
  }

  /**
   * The waitlist hand-over, once, to a member who chose WhatsApp and can be reached on it: a UTILITY message about
   * their own reservation (docs/decisions/0164).
   */
  async enqueueHandover(memberId: string, handover: WaitlistHandover): Promise<void> {
    if (!this.handover || !(await this.reachable(memberId))) return;
    await this.writeHandover(memberId, handover, 'whatsapp', { category: 'UTILITY' });
  }

  /** To the number of the member's standing opt-in; withdrawn since, and nothing goes. */
  protected async send(row: OutboxWhatsApp, content: WaitingContent, now: Date): Promise<void> {
    const optIn = await currentOptIn(this.db, row.member_id);
    const to = optIn ? whatsappNumber(optIn.mobile) : undefined;
    if (!to) return this.mark(row.id, { status: 'cancelled' });
    const message =
      content.kind === 'drop'
        ? {
            purpose: 'drop_alert' as const,
            template: this.template,
            parameters: dropAlertTemplateParameters(content, new Date(row.created_at)),
          }
        : this.handover
          ? {
              purpose: 'waitlist_handover' as const,
              template: this.handover.template,
              parameters: handoverTemplateParameters(content.handover, this.handover.siteUrl),
            }
          : undefined;
    if (!message) return this.mark(row.id, { status: 'cancelled' });
    const id = await this.sender.sendTemplate({ to, ...message });
    await this.mark(row.id, { status: 'sent', sent_at: now, provider_message_id: id, last_error: null });
    // Meta's status webhook may have said 'failed' before this answer was stored.
    await markFailedMessages(this.db, [id]);
  }

  protected isFinal(error: unknown): boolean {
    return error instanceof WhatsAppRefused && error.final;
  }
}
