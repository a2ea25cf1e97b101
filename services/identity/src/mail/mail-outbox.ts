import { randomUUID } from 'node:crypto';
import type { Logger } from '@elts/platform';
import { type Kysely, sql } from 'kysely';
import type { Transporter } from 'nodemailer';

export interface MailTables {
  mail_outbox: {
    id: string;
    dedupe_key: string | null;
    recipient: string;
    subject: string;
    body_text: string;
    status: 'pending' | 'sending' | 'sent' | 'logged' | 'failed';
    attempts: number;
    claimed_at: Date | null;
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
  };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same key twice sends one message (a welcome email requested again, a retried request). */
  dedupeKey?: string;
}

const MAX_ATTEMPTS = 8;
const CLAIM_TIMEOUT = '5 minutes';

/**
 * Every message is first written to the outbox (in the caller's transaction when it has one), then delivered by
 * the dispatcher: by SMTP when a transport is configured, otherwise written to the log and kept in the table,
 * where development and tests read it. Several instances claim rows with SKIP LOCKED, so none sends twice.
 */
export class MailOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<MailTables>,
    private readonly from: string,
    private readonly transport: Transporter | undefined,
    private readonly logger: Logger,
  ) {}

  async enqueue(mail: Mail, db: Kysely<MailTables> = this.db): Promise<void> {
    await db
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        dedupe_key: mail.dedupeKey ?? null,
        recipient: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        status: 'pending',
        attempts: 0,
        claimed_at: null,
        last_error: null,
        created_at: new Date(),
        sent_at: null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
    this.kick();
  }

  start(intervalMs = 2000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs a delivery pass unless one is under way. */
  kick(): void {
    if (this.running) return;
    this.running = this.deliverPending()
      .then(() => undefined)
      .catch((error) => this.logger.warn({ err: error }, 'mail delivery pass failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  async deliverPending(): Promise<number> {
    const claimed = await sql<MailTables['mail_outbox']>`
      update mail_outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where status = 'pending' or (status = 'sending' and claimed_at < now() - interval '${sql.raw(CLAIM_TIMEOUT)}')
        order by created_at limit 20 for update skip locked
      )
      returning *`.execute(this.db);
    for (const mail of claimed.rows) await this.deliver(mail);
    return claimed.rows.length;
  }

  private async deliver(mail: MailTables['mail_outbox']): Promise<void> {
    if (!this.transport) {
      this.logger.info({ to: mail.recipient, subject: mail.subject, body: mail.body_text }, 'mail (no SMTP configured)');
      await this.mark(mail.id, { status: 'logged', sent_at: new Date() });
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: mail.recipient, subject: mail.subject, text: mail.body_text });
      await this.mark(mail.id, { status: 'sent', sent_at: new Date(), last_error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, to: mail.recipient, attempt: mail.attempts }, 'mail delivery failed');
      await this.mark(mail.id, { status: mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', last_error: message.slice(0, 500) });
    }
  }

  private async mark(id: string, values: Partial<MailTables['mail_outbox']>): Promise<void> {
    await this.db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
  }

  /** The latest messages, newest first (development mailbox and tests). */
  recent(limit = 50) {
    return this.db
      .selectFrom('mail_outbox')
      .select(['id', 'recipient', 'subject', 'body_text', 'status', 'created_at', 'sent_at'])
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
