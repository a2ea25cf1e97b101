import { randomUUID } from 'node:crypto';
import type { AlertChannel } from '@elts/contracts';
import type { Clock, Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import { DeliveryLoop, type DeliveryPass } from '../notify/delivery-loop.js';
import { alertPreferencesOf } from '../store/alert-preferences.js';
import {
  type AlertOutbox,
  claimDueRows,
  insertWaitingRows,
  updateWaitingRow,
  type WaitingRowColumns,
  type WaitlistHandover,
} from '../store/outbox-claims.js';
import type { IdentityDb } from '../store/tables.js';
import { type DropMoment, itemAlerts } from './alert-rules.js';
import type { AlertMatch } from './drop-alert-mail.js';

const MAX_ATTEMPTS = 8;
const CLAIM_TIMEOUT = '5 minutes';

/** A drop's message for one member, as a channel's outbox is given it. */
export interface DropMessage {
  memberId: string;
  dropId: string;
  moment: DropMoment;
  opensAt: Date;
  matches: AlertMatch[];
  /** The end of the member's quiet hours, or now. */
  sendAfter: Date;
}

/** What a waiting row says when it goes: a drop's items still wanted, or a waitlist hand-over. */
export type WaitingContent =
  | { kind: 'drop'; matches: AlertMatch[]; dropId: string; moment: DropMoment; opensAt: Date; memberId: string; key: string }
  | { kind: 'handover'; handover: WaitlistHandover };

/**
 * A channel's outbox of drop messages (Web Push, WhatsApp; docs/decisions/0160): rows written in the transaction that
 * records the message sent (neither lost nor repeated across a restart), held until the member's quiet hours end,
 * claimed with SKIP LOCKED as the mail outbox's, and checked again when they go: the channel turned off since, or
 * every item muted, and the row is cancelled; items muted since are left out. It also carries the waitlist hand-over
 * (docs/decisions/0164): a message about the member's own reservation, sent at once (quiet hours do not hold it, the
 * cap of promotional messages does not count it), not sent once the channel is off or the pay-by time has passed.
 */
export abstract class WaitingMessages<Row extends WaitingRowColumns> extends DeliveryLoop {
  protected constructor(
    protected readonly db: Kysely<IdentityDb>,
    protected readonly clock: Clock,
    logger: Logger,
    private readonly channel: AlertChannel & ('push' | 'whatsapp'),
    private readonly table: AlertOutbox,
  ) {
    super(logger, channel);
  }

  /** Sends one row with what it still says; a failure it throws is judged by `isFinal`. */
  protected abstract send(row: Row, content: WaitingContent, now: Date): Promise<void>;

  /** Whether a failure would fail again (a refusal of the message itself), so the row is not tried again. */
  protected abstract isFinal(error: unknown): boolean;

  /** Writes rows in the caller's transaction, in one statement (a row's key makes a second write of it nothing). */
  protected async write(
    trx: Kysely<IdentityDb>,
    rows: { message: DropMessage; key: string; columns: Record<string, unknown> }[],
  ): Promise<void> {
    const now = this.clock.now();
    await insertWaitingRows(
      trx,
      this.table,
      rows.map(({ message, key, columns }) => ({
        id: randomUUID(),
        dedupe_key: `drop-alert:${message.dropId}:${message.moment}:${message.memberId}:${key}`,
        member_id: message.memberId,
        drop_id: message.dropId,
        moment: message.moment,
        opens_at: message.opensAt,
        matches: message.matches,
        send_after: message.sendAfter.getTime() > now.getTime() ? message.sendAfter : null,
        created_at: now,
        ...columns,
      })),
    );
  }

  /** Writes a waitlist hand-over row (its key makes a second write of it nothing): it goes at once. */
  protected async writeHandover(
    memberId: string,
    handover: WaitlistHandover,
    key: string,
    columns: Record<string, unknown>,
  ): Promise<void> {
    await insertWaitingRows(this.db, this.table, [
      {
        id: randomUUID(),
        dedupe_key: `waitlist-reservation:${handover.orderId}:${key}`,
        member_id: memberId,
        handover,
        send_after: null,
        created_at: this.clock.now(),
        ...columns,
      },
    ]);
    this.kick();
  }

  protected mark(id: string, values: Record<string, unknown>): Promise<void> {
    return updateWaitingRow(this.db, this.table, id, values);
  }

  async deliverPending(): Promise<DeliveryPass> {
    const claimed = await claimDueRows<Row>(this.db as never, this.table, CLAIM_TIMEOUT, this.clock.now());
    // A pass's rows go together: each waits on the push service or Meta, not on the one before (docs/decisions/0168).
    const went = await Promise.all(claimed.map((row) => this.deliver(row)));
    return { claimed: claimed.length, delivered: went.filter(Boolean).length };
  }

  /** Whether the row was settled (sent, or cancelled as nothing to send); false when it failed. */
  private async deliver(row: Row): Promise<boolean> {
    const now = this.clock.now();
    const { preferences, key } = await alertPreferencesOf(this.db, row.member_id, now);
    const stillWanted = (match: AlertMatch) => itemAlerts(preferences, match.list, match.item);
    const content = contentNow(row, preferences.channels[this.channel], stillWanted, now, key);
    if (!content) {
      await this.mark(row.id, { status: 'cancelled' });
      return true;
    }
    try {
      await this.send(row, content, now);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, memberId: row.member_id, attempt: row.attempts }, `${this.channel} delivery failed`);
      const final = row.attempts >= MAX_ATTEMPTS || this.isFinal(error);
      await this.mark(row.id, { status: final ? 'failed' : 'pending', last_error: message.slice(0, 500) });
      return false;
    }
  }
}

/**
 * What a row says at `now`, or nothing to send: the channel turned off since; a drop's message with every item muted;
 * a hand-over whose pay-by time has passed.
 */
export function contentNow(
  row: WaitingRowColumns,
  channelOn: boolean,
  stillWanted: (match: AlertMatch) => boolean,
  now: Date,
  /** The member's unsubscribe key, for the message's links. */
  key: string,
): WaitingContent | undefined {
  if (!channelOn) return undefined;
  if (row.handover)
    return new Date(row.handover.reservedUntil).getTime() > now.getTime() ? { kind: 'handover', handover: row.handover } : undefined;
  const matches = (row.matches ?? []).filter(stillWanted);
  if (matches.length === 0 || !row.drop_id || !row.moment || !row.opens_at) return undefined;
  const drop = { dropId: row.drop_id, moment: row.moment as DropMoment, opensAt: new Date(row.opens_at) };
  return { kind: 'drop', matches, ...drop, memberId: row.member_id, key };
}
