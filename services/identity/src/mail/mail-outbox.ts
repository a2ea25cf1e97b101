import { randomUUID } from 'node:crypto';
import type { Clock, Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import { DeliveryLoop, type DeliveryPass } from '../notify/delivery-loop.js';
import { claimPendingMail, insertPendingMail, type MailTables, recentMail, updateMail } from '../store/mail-outbox.js';

export type { MailTables };

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same key twice sends one message (a welcome email requested again, a retried request). */
  dedupeKey?: string;
  /** Extra headers: an alert's one-click unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** Held until then (the member's quiet hours), not dropped. */
  sendAfter?: Date;
}

const MAX_ATTEMPTS = 8;
const CLAIM_TIMEOUT = '5 minutes';

/**
 * Every message is first written to the outbox (in the caller's transaction when it has one), then delivered by
 * the dispatcher: by SMTP when a transport is configured, otherwise written to the log and kept in the table,
 * where development and tests read it. Several instances claim rows with SKIP LOCKED, so none sends twice.
 */
export class MailOutbox extends DeliveryLoop {
  constructor(
    private readonly db: Kysely<MailTables>,
    private readonly from: string,
    private readonly transport: Transporter | undefined,
    logger: Logger,
    /** Business time: when a message was written and sent, and whether a delayed one (quiet hours) is due. */
    private readonly clock: Clock,
  ) {
    super(logger, 'mail');
  }

  enqueue(mail: Mail, db: Kysely<MailTables> = this.db): Promise<void> {
    return this.enqueueMany([mail], db);
  }

  /** Writes messages in one statement (a drop's batch, docs/decisions/0168), in the caller's transaction when given. */
  async enqueueMany(mails: Mail[], db: Kysely<MailTables> = this.db): Promise<void> {
    if (mails.length === 0) return;
    const createdAt = this.clock.now();
    await insertPendingMail(
      db,
      mails.map((mail) => ({
        id: randomUUID(),
        dedupeKey: mail.dedupeKey ?? null,
        recipient: mail.to,
        subject: mail.subject,
        bodyText: mail.text,
        createdAt,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.sendAfter ? { sendAfter: mail.sendAfter } : {}),
      })),
    );
    this.kick();
  }

  async deliverPending(): Promise<DeliveryPass> {
    const claimed = await claimPendingMail(this.db, CLAIM_TIMEOUT, this.clock.now());
    // A pass's messages go together: each waits on the server, not on the one before (docs/decisions/0168).
    const went = await Promise.all(claimed.map((mail) => this.deliver(mail)));
    return { claimed: claimed.length, delivered: went.filter(Boolean).length };
  }

  /** Whether the message went. */
  private async deliver(mail: MailTables['mail_outbox']): Promise<boolean> {
    if (!this.transport) {
      this.logger.info({ to: mail.recipient, subject: mail.subject, body: mail.body_text }, 'mail (no SMTP configured)');
      await this.mark(mail.id, { status: 'logged', sent_at: this.clock.now() });
      return true;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body_text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await this.mark(mail.id, { status: 'sent', sent_at: this.clock.now(), last_error: null });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, to: mail.recipient, attempt: mail.attempts }, 'mail delivery failed');
      await this.mark(mail.id, { status: mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', last_error: message.slice(0, 500) });
      return false;
    }
  }

  private async mark(id: string, values: Partial<MailTables['mail_outbox']>): Promise<void> {
    await updateMail(this.db, id, values);
  }

  /** The latest messages, newest first (development mailbox and tests). */
  recent(limit = 50) {
    return recentMail(this.db, limit);
  }
}
