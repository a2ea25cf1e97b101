import { randomUUID } from 'node:crypto';
import { DEFAULT_ALERT_PREFERENCES, indianWallClock } from '@elts/contracts';
import { sql } from '@elts/platform';
import { eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianMonth, whatsappCostPaise } from '../src/alerts/alert-figures.js';
import { signUp, startIdentity } from './helpers.js';

const PASSWORD = 'a long operator password';
const clockIn = (hours: number) => indianWallClock(new Date(Date.now() + hours * 3_600_000)).slice(11, 16);
const DAY_MS = 86_400_000;

describe('the month and the cost of WhatsApp messages', () => {
  it('takes the India calendar month, and prices each category in paise, rounded to a whole paisa', () => {
    // 31/12/2026 23:00 UTC is already 1 January 2027 in India.
    expect(indianMonth(new Date('2026-12-31T23:00:00Z'))).toEqual({
      month: '2027-01',
      from: new Date('2026-12-31T18:30:00Z'),
      until: new Date('2027-01-31T18:30:00Z'),
    });
    expect(whatsappCostPaise({ MARKETING: 3, UTILITY: 2 }, { MARKETING: 86.31, UTILITY: 11.5 })).toBe(282);
  });
});

/** Operators' figures of a drop's alerts (issue 37 item 5, decision 0164), against the rows its messages left. */
describe("a drop's alert figures", () => {
  let identity: ServiceHarness;
  let admin: string;

  beforeAll(async () => {
    identity = await startIdentity('pglite', { ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: PASSWORD });
    admin = (await identity.json('/admin/login', { method: 'POST', body: { username: 'operator', password: PASSWORD } })).body.token;
  });
  afterAll(async () => identity?.close());

  const figures = (dropId: string, token = admin) => identity.json(`/admin/drops/${dropId}/alert-figures`, { token });

  /** A row of the push or WhatsApp outbox as a drop message (or a hand-over) leaves it. */
  async function outboxRow(
    table: 'push_outbox' | 'whatsapp_outbox',
    row: { memberId: string; dropId: string | null; status: string; sentAt?: Date; extra: Record<string, unknown> },
  ) {
    const at = row.sentAt ?? new Date();
    await identity.db
      .insertInto(table)
      .values({
        id: randomUUID(),
        dedupe_key: randomUUID(),
        member_id: row.memberId,
        drop_id: row.dropId,
        moment: row.dropId ? 'preview' : null,
        opens_at: row.dropId ? at : null,
        matches: row.dropId ? JSON.stringify([]) : null,
        handover: row.dropId ? null : JSON.stringify({ orderId: 'ORD-1', product: 'P', amountPaise: 1, reservedUntil: at.toISOString() }),
        status: row.status,
        attempts: 1,
        created_at: at,
        sent_at: row.status === 'sent' ? at : null,
        ...row.extra,
      } as never)
      .execute();
  }

  it('counts each channel: alerted, delivered, opened and clicked where reported, unsubscribes; and what WhatsApp costs', async () => {
    const dropId = `DROP-${randomUUID().slice(0, 8)}`;
    // A member on mail and the inbox, sent the drop's preview by the real path.
    const asha = await signUp(identity);
    await identity.json('/user/alert-preferences', {
      method: 'PUT',
      token: asha.token,
      body: { ...DEFAULT_ALERT_PREFERENCES, channels: { email: true, inbox: true }, quietHours: { from: clockIn(2), until: clockIn(3) } },
    });
    const queued = await identity.json('/internal/drop-alerts', {
      method: 'POST',
      headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      body: {
        dropId,
        moment: 'preview',
        opensAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        members: [{ memberId: asha.memberId, matches: [{ list: 'need', item: 'air fryer', productName: 'Philips Airfryer' }] }],
      },
    });
    expect(queued.body.data.outcomes).toEqual({ queued: 1 });
    await eventually(async () => {
      const rows = await sql<{ status: string }>`select status from mail_outbox where recipient = ${asha.email}`.execute(identity.db);
      return rows.rows[0]?.status === 'logged';
    });
    const mail = (await sql<{ body_text: string }>`select body_text from mail_outbox where recipient = ${asha.email}`.execute(identity.db))
      .rows[0]?.body_text as string;

    // The mail's link to the lists counts a click once, and lands on the lists.
    const open = new URL(/See them on your deals board: (\S+)/.exec(mail)?.[1] as string);
    expect(Object.fromEntries(open.searchParams)).toMatchObject({ m: asha.memberId, d: dropId, moment: 'preview', c: 'email' });
    for (let n = 0; n < 2; n++) {
      const landed = await identity.request(`${open.pathname}${open.search}`);
      expect(landed.status).toBe(303);
      expect(landed.headers.get('location')).toBe('/profile?section=lists');
    }
    // A forged key lands there too, and counts nothing.
    open.searchParams.set('k', 'A'.repeat(43));
    expect((await identity.request(`${open.pathname}${open.search}`)).status).toBe(303);
    // The inbox shown to the member: opened.
    expect((await identity.json('/user/alert-inbox', { token: asha.token })).status).toBe(200);
    // The mail's unsubscribe link names the drop.
    const stop = new URL(/Stop drop alerts by email: (\S+)/.exec(mail)?.[1] as string);
    expect(stop.searchParams.get('d')).toBe(dropId);
    expect((await identity.request(`${stop.pathname}${stop.search}`, { method: 'POST' })).status).toBe(200);

    // Web Push: one member, two devices, one delivered and one cancelled; another drop's row is not counted.
    const ravi = randomUUID();
    for (const status of ['sent', 'cancelled']) {
      const device = randomUUID();
      await sql`insert into push_subscriptions (id, member_id, endpoint, p256dh, auth, created_at)
        values (${device}, ${ravi}, ${`https://fcm.googleapis.com/fcm/send/${device}`}, 'k', 'a', now())`.execute(identity.db);
      await outboxRow('push_outbox', { memberId: ravi, dropId, status, extra: { subscription_id: device } });
      if (status === 'sent')
        await outboxRow('push_outbox', { memberId: ravi, dropId: 'OTHER', status, extra: { subscription_id: device } });
    }
    await sql`insert into alert_clicks (member_id, drop_id, moment, channel, clicked_at) values (${ravi}, ${dropId}, 'preview', 'push', now())`.execute(
      identity.db,
    );
    // WhatsApp: three members, two delivered; a hand-over this month; a drop message of a month ago.
    const marketing = { category: 'MARKETING' };
    for (const status of ['sent', 'sent', 'failed'])
      await outboxRow('whatsapp_outbox', { memberId: randomUUID(), dropId, status, extra: marketing });
    await outboxRow('whatsapp_outbox', { memberId: ravi, dropId: null, status: 'sent', extra: { category: 'UTILITY' } });
    await outboxRow('whatsapp_outbox', {
      memberId: ravi,
      dropId: 'OLD',
      status: 'sent',
      sentAt: new Date(Date.now() - 40 * DAY_MS),
      extra: marketing,
    });
    await sql`insert into alert_unsubscribes (id, member_id, drop_id, channel, at) values (${randomUUID()}, ${ravi}, ${dropId}, 'whatsapp', now())`.execute(
      identity.db,
    );

    const answer = await figures(dropId);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      dropId,
      channels: [
        { channel: 'email', alerted: 1, delivered: 1, opened: null, clicked: 1, unsubscribes: 1 },
        { channel: 'inbox', alerted: 1, delivered: 1, opened: 1, clicked: null, unsubscribes: 0 },
        { channel: 'push', alerted: 1, delivered: 1, opened: null, clicked: 1, unsubscribes: 0 },
        { channel: 'whatsapp', alerted: 3, delivered: 2, opened: null, clicked: null, unsubscribes: 1 },
      ],
      whatsapp: {
        // Two marketing messages at ₹0.8631: 172.62 paise.
        dropCostPaise: 173,
        month: indianMonth(new Date()).month,
        // The drop's two, and any other marketing message sent this month in this database (none here), and the hand-over.
        monthMessages: { MARKETING: 2, UTILITY: 1 },
        monthCostPaise: 184,
        pricesPaise: { MARKETING: 86.31, UTILITY: 11.5 },
      },
    });
    // A drop no message was sent for: all naught.
    expect((await figures('NO-SUCH-DROP')).body.data.channels.map((row: { alerted: number }) => row.alerted)).toEqual([0, 0, 0, 0]);
    // Operators only.
    expect((await figures(dropId, asha.token)).status).toBe(401);
  });
});
