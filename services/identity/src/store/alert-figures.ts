import { randomUUID } from 'node:crypto';
import type { AlertChannel } from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/**
 * Operators' figures of a drop's alerts (issue 37 item 5, docs/decisions/0164), read from the rows the messages left:
 * the mail outbox and the inbox by their keys (`drop-alert:{drop}:{moment}:{member}[:email]`), the push and WhatsApp
 * outboxes by their drop, clicks and unsubscribes from their own tables.
 */

/** One channel's counts; opened and clicked are null where the channel does not report them. */
export interface ChannelCounts {
  channel: AlertChannel;
  alerted: number;
  delivered: number;
  opened: number | null;
  clicked: number | null;
  unsubscribes: number;
}

/** Counts a member's click on a drop message's link, once per message and channel. */
export async function recordAlertClick(
  db: Kysely<IdentityDb>,
  click: { memberId: string; dropId: string; moment: string; channel: string; at: Date },
): Promise<void> {
  await db
    .insertInto('alert_clicks')
    .values({ member_id: click.memberId, drop_id: click.dropId, moment: click.moment, channel: click.channel, clicked_at: click.at })
    .onConflict((oc) => oc.columns(['drop_id', 'moment', 'member_id', 'channel']).doNothing())
    .execute();
}

/** Records an unsubscribe (a channel, or an item on every channel), with the drop whose message it came from. */
export async function recordUnsubscribe(
  db: Kysely<IdentityDb>,
  stop: { memberId: string; dropId?: string | undefined; channel: AlertChannel; item?: string | undefined; at: Date },
): Promise<void> {
  await db
    .insertInto('alert_unsubscribes')
    .values({
      id: randomUUID(),
      member_id: stop.memberId,
      drop_id: stop.dropId ?? null,
      channel: stop.channel,
      item: stop.item ?? null,
      at: stop.at,
    })
    .execute();
}

type Row = { alerted: number; delivered: number; opened: number | null };

/**
 * Each channel's members alerted, messages delivered and opened, for one drop. With Meta's status webhook set up
 * (`statusesReported`, docs/decisions/0168), a WhatsApp message is delivered once Meta said delivered or read (a read
 * may come without its delivered) and opened once it said read; without it, delivered is accepted by Meta, and opened
 * is not reported.
 */
async function sentCounts(db: Kysely<IdentityDb>, dropId: string, statusesReported: boolean): Promise<Record<AlertChannel, Row>> {
  const prefix = `drop-alert:${dropId}:`;
  const [email, inbox, push, whatsapp] = await Promise.all([
    sql<Row>`select count(distinct recipient)::int as alerted,
        (count(*) filter (where status in ('sent', 'logged')))::int as delivered, null::int as opened
      from mail_outbox where starts_with(dedupe_key, ${prefix}) and dedupe_key like '%:email'`.execute(db),
    sql<Row>`select count(distinct member_id)::int as alerted, count(*)::int as delivered,
        (count(*) filter (where read_at is not null))::int as opened
      from alert_inbox where starts_with(dedupe_key, ${prefix})`.execute(db),
    sql<Row>`select count(distinct member_id)::int as alerted, (count(*) filter (where status = 'sent'))::int as delivered,
        null::int as opened
      from push_outbox where drop_id = ${dropId}`.execute(db),
    statusesReported
      ? sql<Row>`select count(distinct o.member_id)::int as alerted,
            (count(*) filter (where exists (select 1 from whatsapp_statuses s where s.provider_message_id = o.provider_message_id
              and s.status in ('delivered', 'read'))))::int as delivered,
            (count(*) filter (where exists (select 1 from whatsapp_statuses s where s.provider_message_id = o.provider_message_id
              and s.status = 'read')))::int as opened
          from whatsapp_outbox o where o.drop_id = ${dropId}`.execute(db)
      : sql<Row>`select count(distinct member_id)::int as alerted, (count(*) filter (where status = 'sent'))::int as delivered,
            null::int as opened
          from whatsapp_outbox where drop_id = ${dropId}`.execute(db),
  ]);
  const first = (rows: { rows: Row[] }) => rows.rows[0] ?? { alerted: 0, delivered: 0, opened: null };
  return { email: first(email), inbox: first(inbox), push: first(push), whatsapp: first(whatsapp) };
}

/** Clicks (mail and Web Push links) and unsubscribes of a drop's messages, by channel. */
async function reactions(db: Kysely<IdentityDb>, dropId: string) {
  const [clicks, stops] = await Promise.all([
    db
      .selectFrom('alert_clicks')
      .select(['channel', sql<number>`count(*)::int`.as('n')])
      .where('drop_id', '=', dropId)
      .groupBy('channel')
      .execute(),
    db
      .selectFrom('alert_unsubscribes')
      .select(['channel', sql<number>`count(*)::int`.as('n')])
      .where('drop_id', '=', dropId)
      .groupBy('channel')
      .execute(),
  ]);
  const byChannel = (rows: { channel: string; n: number }[]) => new Map(rows.map((row) => [row.channel, row.n]));
  return { clicks: byChannel(clicks), stops: byChannel(stops) };
}

/** Channels whose clicks are counted: their messages carry a link through `/alerts/open`. */
const CLICKS_REPORTED = new Set<AlertChannel>(['email', 'push']);

export async function dropChannelCounts(db: Kysely<IdentityDb>, dropId: string, statusesReported: boolean): Promise<ChannelCounts[]> {
  const [sent, { clicks, stops }] = await Promise.all([sentCounts(db, dropId, statusesReported), reactions(db, dropId)]);
  return (Object.keys(sent) as AlertChannel[]).map((channel) => ({
    channel,
    ...sent[channel],
    clicked: CLICKS_REPORTED.has(channel) ? (clicks.get(channel) ?? 0) : null,
    unsubscribes: stops.get(channel) ?? 0,
  }));
}

/**
 * WhatsApp messages delivered between two instants, by template category: those Meta said delivered (or read) then,
 * with its status webhook set up (Meta charges a message once delivered); else those it accepted then.
 */
export async function whatsappMessagesBetween(db: Kysely<IdentityDb>, from: Date, until: Date, statusesReported: boolean) {
  const rows = statusesReported
    ? (
        await sql<{ category: string; n: number }>`
          select o.category, count(*)::int as n from whatsapp_outbox o
          join (select provider_message_id, min(at) as delivered_at from whatsapp_statuses
            where status in ('delivered', 'read') group by provider_message_id) s using (provider_message_id)
          where s.delivered_at >= ${from} and s.delivered_at < ${until}
          group by o.category`.execute(db)
      ).rows
    : await db
        .selectFrom('whatsapp_outbox')
        .select(['category', sql<number>`count(*)::int`.as('n')])
        .where('status', '=', 'sent')
        .where('sent_at', '>=', from)
        .where('sent_at', '<', until)
        .groupBy('category')
        .execute();
  const count = (category: string) => rows.find((row) => row.category === category)?.n ?? 0;
  return { MARKETING: count('MARKETING'), UTILITY: count('UTILITY') };
}
