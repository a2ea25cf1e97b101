import type { Clock, Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import { WhatsAppRefused, type WhatsAppSender, type WhatsAppTemplate, whatsappNumber } from '../notify/whatsapp.js';
import type { IdentityDb } from '../store/tables.js';
import { currentOptIn, type OutboxWhatsApp } from '../store/whatsapp.js';
import type { DropMoment } from './alert-rules.js';
import { type AlertMatch, dropAlertTitle } from './drop-alert-mail.js';
import { type DropMessage, WaitingMessages } from './waiting-message.js';

/** The drop alert template's two body parameters: the title, and each product with why it is there. */
export function dropAlertTemplateParameters(row: Pick<OutboxWhatsApp, 'moment' | 'opens_at' | 'created_at'>, matches: AlertMatch[]) {
  const title = dropAlertTitle(row.moment as DropMoment, matches.length, new Date(row.created_at), new Date(row.opens_at));
  const lines = matches.map((match) => `${match.productName} (${match.list === 'need' ? 'Need' : 'Greed'} list: '${match.item}')`);
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
  ) {
    super(db, clock, logger, 'whatsapp', 'whatsapp_outbox');
    if (template.category !== 'MARKETING') throw new Error(`the drop alert template ${template.name} must be a MARKETING template`);
  }

  /** Whether the member can be sent a drop alert on WhatsApp: an opt-in standing, to a WhatsApp number. */
  async reachable(memberId: string): Promise<boolean> {
    const optIn = await currentOptIn(this.db, memberId);
    return Boolean(optIn && whatsappNumber(optIn.mobile));
  }

  /** Writes the message in the caller's transaction: a drop alert is a marketing message. */
  enqueue(trx: Kysely<IdentityDb>, message: DropMessage): Promise<void> {
    return this.write(trx, message, 'whatsapp', { category: 'MARKETING' });
  }

  /** To the number of the member's standing opt-in; withdrawn since, and nothing goes. */
  protected async send(row: OutboxWhatsApp, matches: AlertMatch[], now: Date): Promise<void> {
    const optIn = await currentOptIn(this.db, row.member_id);
    const to = optIn ? whatsappNumber(optIn.mobile) : undefined;
    if (!to) return this.mark(row.id, { status: 'cancelled' });
    const id = await this.sender.sendTemplate({
      to,
      purpose: 'drop_alert',
      template: this.template,
      parameters: dropAlertTemplateParameters(row, matches),
    });
    await this.mark(row.id, { status: 'sent', sent_at: now, provider_message_id: id, last_error: null });
  }

  protected isFinal(error: unknown): boolean {
    return error instanceof WhatsAppRefused && error.final;
  }
}
