import { DEFAULT_ALERT_PREFERENCES, fromIndianWallClock, indianWallClock } from '@elts/contracts';
import { sql } from '@elts/platform';
import { eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startIdentity } from './helpers.js';
import { startSmtpFake } from './smtp-fake.js';

/** India's wall clock `hours` from now, HH:MM (quiet hours around, or away from, the moment of the test). */
const clockIn = (hours: number) => indianWallClock(new Date(Date.now() + hours * 3_600_000)).slice(11, 16);

const matches = [
  { list: 'need', item: 'air fryer', productName: 'Philips Essential Airfryer' },
  { list: 'need', item: 'fridge', productName: 'LG Double Door Refrigerator' },
  { list: 'greed', item: 'TWS', productName: 'boAt Airdopes 141' },
];

describe('drop alerts: choices, mail with one-click unsubscribe, the inbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  let identity: ServiceHarness;

  beforeAll(async () => {
    smtp = await startSmtpFake();
    identity = await startIdentity('pglite', { SMTP_URL: smtp.url, MAIL_FROM: 'ELTS Club <hello@elts.test>' });
  });
  afterAll(async () => {
    await identity?.close();
    await smtp?.close();
  });

  const choose = (token: string, changes: Record<string, unknown>) =>
    identity.json('/user/alert-preferences', { method: 'PUT', token, body: { ...DEFAULT_ALERT_PREFERENCES, ...changes } });
  const queue = (dropId: string, moment: string, members: { memberId: string; matches: typeof matches }[]) =>
    identity.json('/internal/drop-alerts', {
      method: 'POST',
      headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      body: { dropId, moment, opensAt: new Date(Date.now() + 3 * 3_600_000).toISOString(), members },
    });
  const keyOf = async (memberId: string) =>
    (
      await sql<{ unsubscribe_key: string }>`select unsubscribe_key from alert_preferences where member_id = ${memberId}`.execute(
        identity.db,
      )
    ).rows[0]?.unsubscribe_key as string;

  it('keeps the defaults until the member chooses, and refuses a choice that is not one in a sentence', async () => {
    const { token } = await signUp(identity);
    expect((await identity.json('/user/alert-preferences', { token })).body.data).toEqual(DEFAULT_ALERT_PREFERENCES);
    const refused = await choose(token, { quietHours: { from: '25:00', until: '08:00' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The start of quiet hours must be a time of day like 22:00');
    const same = await choose(token, { quietHours: { from: '08:00', until: '08:00' } });
    expect(same.body.message).toBe('Quiet hours must start and end at different times');
    const saved = await choose(token, { channels: { email: true, inbox: false }, wakeAtOpening: true });
    expect(saved.status).toBe(200);
    expect((await identity.json('/user/alert-preferences', { token })).body.data).toMatchObject({
      channels: { email: true, inbox: false },
      wakeAtOpening: true,
    });
    expect((await identity.json('/user/alert-preferences')).status).toBe(401);
  });

  it('sends a drop preview once, by mail with RFC 8058 one-click unsubscribe and to the inbox, naming why', async () => {
    const member = await signUp(identity);
    await choose(member.token, { channels: { email: true, inbox: true }, quietHours: { from: clockIn(2), until: clockIn(3) } });
    expect((await queue('DROP-A', 'preview', [{ memberId: member.memberId, matches }])).body.data.outcomes).toEqual({ queued: 1 });
    // Made again (a retry, a restart mid-send): nothing more goes out.
    expect((await queue('DROP-A', 'preview', [{ memberId: member.memberId, matches }])).body.data.outcomes).toEqual({ already_sent: 1 });

    await eventually(() => smtp.received.some((mail) => mail.to.includes(member.email)));
    const mails = smtp.received.filter((mail) => mail.to.includes(member.email));
    expect(mails).toHaveLength(1);
    // Headers unfolded, quoted-printable soft line breaks joined.
    const data = (mails[0]?.data ?? '').replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
    expect(data).toContain('Subject: Three things on your lists drop ');
    expect(data).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/alerts\/unsubscribe\?m=[0-9a-f-]+&k=[\w-]+&channel=email&d=[\w-]+>/);
    expect(data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(data).toContain("Matches your Need list: 'air fryer'");
    expect(data).toContain("Matches your Greed list: 'TWS'");

    const inbox = (await identity.json('/user/alert-inbox', { token: member.token })).body.data;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      body: 'Philips Essential Airfryer, LG Double Door Refrigerator, boAt Airdopes 141',
      link: '/profile',
    });
    expect(inbox[0].title).toMatch(/^Three things on your lists drop /);
  });

  it('holds the mail through quiet hours instead of dropping it', async () => {
    const member = await signUp(identity);
    await choose(member.token, { channels: { email: true, inbox: false }, quietHours: { from: clockIn(-1), until: clockIn(1) } });
    expect((await queue('DROP-Q', 'preview', [{ memberId: member.memberId, matches }])).body.data.outcomes).toEqual({ queued: 1 });
    const row = (
      await sql<{ status: string; send_after: Date }>`select status, send_after from mail_outbox where recipient = ${member.email}`.execute(
        identity.db,
      )
    ).rows[0];
    expect(row?.status).toBe('pending');
    const end = fromIndianWallClock(`${indianWallClock(new Date(Date.now() + 3_600_000)).slice(0, 10)}T${clockIn(1)}`) as Date;
    expect(new Date(row?.send_after as Date).getTime()).toBe(end.getTime());
  });

  it('sends at most two promotional messages per drop, the opening only to those who asked, never an empty one', async () => {
    const asleep = await signUp(identity);
    const woken = await signUp(identity);
    await choose(woken.token, { wakeAtOpening: true });
    const both = [asleep, woken].map((member) => ({ memberId: member.memberId, matches }));
    expect((await queue('DROP-C', 'preview', both)).body.data.outcomes).toEqual({ queued: 2 });
    expect((await queue('DROP-C', 'opening', both)).body.data.outcomes).toEqual({ not_asked: 1, queued: 1 });
    expect((await queue('DROP-C', 'last_call', both)).body.data.outcomes).toEqual({ queued: 1, capped: 1 });
    expect((await queue('DROP-C', 'preview', [{ memberId: asleep.memberId, matches: [] }])).body.data.outcomes).toEqual({
      nothing_to_say: 1,
    });
    expect((await identity.json('/user/alert-inbox', { token: woken.token })).body.data).toHaveLength(2);
  });

  it('unsubscribes an item or a channel with one tap, at once; opening the link alone changes nothing', async () => {
    const member = await signUp(identity);
    await choose(member.token, { channels: { email: true, inbox: true } });
    const key = await keyOf(member.memberId);
    const item = `/alerts/unsubscribe?${new URLSearchParams({ m: member.memberId, k: key, item: 'air fryer' })}`;
    const page = await identity.request(item, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop alerts about &#39;air fryer&#39;?');
    expect((await identity.json('/user/alert-preferences', { token: member.token })).body.data.mutedItems).toEqual([]);

    const oneClick = await identity.request(item, {
      method: 'POST',
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(oneClick.status).toBe(200);
    expect((await identity.json('/user/alert-preferences', { token: member.token })).body.data.mutedItems).toEqual(['air fryer']);
    const onlyFryer = [{ memberId: member.memberId, matches: matches.slice(0, 1) }];
    expect((await queue('DROP-U', 'preview', onlyFryer)).body.data.outcomes).toEqual({ nothing_to_say: 1 });

    const channel = `/alerts/unsubscribe?${new URLSearchParams({ m: member.memberId, k: key, channel: 'email' })}`;
    await identity.request(channel, { method: 'POST', rawBody: 'List-Unsubscribe=One-Click' });
    expect((await identity.json('/user/alert-preferences', { token: member.token })).body.data.channels).toEqual({
      email: false,
      inbox: true,
      push: false,
      whatsapp: false,
    });

    const forged = `/alerts/unsubscribe?${new URLSearchParams({ m: member.memberId, k: 'A'.repeat(43), channel: 'inbox' })}`;
    expect((await identity.request(forged, { method: 'POST' })).status).toBe(400);
    expect((await identity.json('/user/alert-preferences', { token: member.token })).body.data.channels.inbox).toBe(true);
  });

  it('keeps the cap of two when three moments of a drop are queued at once', async () => {
    const member = await signUp(identity);
    await choose(member.token, { wakeAtOpening: true });
    const one = [{ memberId: member.memberId, matches }];
    const answers = await Promise.all(['preview', 'opening', 'last_call'].map((moment) => queue('DROP-P', moment, one)));
    const outcomes = answers.map((answer) => Object.keys(answer.body.data.outcomes)[0]).sort();
    expect(outcomes).toEqual(['capped', 'queued', 'queued']);
  });

  it("decides a call's members in batches: one message each, a member named twice once, all of it again already sent", async () => {
    // 600 members who never chose (the inbox), written as the members projection holds them, one of them named twice
    // and one unknown: two batches, in a body under a service's 100 KiB.
    const { rows } = await sql<{ id: string }>`
      insert into members (id, member_number, email, sign_in_email, provider_issuer, provider_subject, created_at, updated_at)
      select gen_random_uuid(), 900000 + n, 'batch' || n || '@example.in', 'batch' || n || '@example.in', 'batch', 'b' || n, now(), now()
      from generate_series(1, 600) n returning id`.execute(identity.db);
    const tv = [{ list: 'need', item: 'TV', productName: 'Mi TV' }];
    const members = rows.map((row) => ({ memberId: row.id, matches: tv }));
    const unknown = { memberId: '00000000-0000-4000-8000-00000000b47c', matches: tv };
    const call = [...members, members[0] as (typeof members)[number], unknown];
    expect((await queue('DROP-B', 'preview', call)).body.data.outcomes).toEqual({ queued: 600, already_sent: 1, no_channel: 1 });
    expect((await queue('DROP-B', 'preview', call)).body.data.outcomes).toEqual({ already_sent: 601, no_channel: 1 });
    const written = await sql<{ sends: number; inbox: number }>`
      select (select count(*)::int from alert_sends where drop_id = 'DROP-B') as sends,
        (select count(*)::int from alert_inbox where dedupe_key like 'drop-alert:DROP-B:%') as inbox`.execute(identity.db);
    expect(written.rows[0]).toEqual({ sends: 600, inbox: 600 });
    // Members who never chose get no choices row made for them: the defaults need no unsubscribe key.
    const made = await sql<{ n: number }>`
      select count(*)::int as n from alert_preferences where member_id = ${rows[0]?.id}`.execute(identity.db);
    expect(made.rows[0]?.n).toBe(0);
  });
});
