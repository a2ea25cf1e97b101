import { DEFAULT_ALERT_PREFERENCES, indianWallClock } from '@elts/contracts';
import { ManualClock, sql } from '@elts/platform';
import { captureLogger, eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DropAlertPushes } from '../src/alerts/drop-alert-push.js';
import { pushEndpointAllowed } from '../src/notify/push-endpoints.js';
import { handOver, signUp, startIdentity } from './helpers.js';
import { decryptForSubscription, type FakeSubscription, startPushServiceFake } from './push-service-fake.js';

const HOUR_MS = 3_600_000;
const matches = [
  { list: 'need', item: 'air fryer', productName: 'Philips Essential Airfryer' },
  { list: 'greed', item: 'TWS', productName: 'boAt Airdopes 141' },
];

/**
 * Drop alerts by Web Push (decision 0160) against a local push service that follows RFC 8030, 8291 and 8292: the
 * payload is encrypted for the subscription and decrypts to the message; the member's rules hold as for mail.
 */
describe('drop alerts by Web Push', () => {
  let push: Awaited<ReturnType<typeof startPushServiceFake>>;
  let identity: ServiceHarness;
  const clock = new ManualClock();
  const logs = captureLogger('identity');
  /** The clock `hours` further on (its offset from real time is absolute). */
  const moveOn = (hours: number) => clock.advance(clock.now().getTime() - Date.now() + hours * HOUR_MS);
  /** India's wall clock `hours` from the test clock's now, HH:MM. */
  const clockIn = (hours: number) => indianWallClock(new Date(clock.now().getTime() + hours * HOUR_MS)).slice(11, 16);

  beforeAll(async () => {
    push = await startPushServiceFake();
    identity = await startIdentity(
      'pglite',
      { WEB_PUSH_CA_FILE: push.caFile, WEB_PUSH_TEST_ORIGINS: push.origin },
      undefined,
      undefined,
      logs.logger,
      clock,
    );
  });
  afterAll(async () => {
    await identity?.close();
    await push?.close();
  });

  const queue = (dropId: string, moment: string, memberId: string, which = matches) =>
    identity.json('/internal/drop-alerts', {
      method: 'POST',
      headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      body: {
        dropId,
        moment,
        opensAt: new Date(clock.now().getTime() + 3 * HOUR_MS).toISOString(),
        members: [{ memberId, matches: which }],
      },
    });

  /** A member whose browser subscribed with the server's VAPID key and who chose Web Push. */
  async function subscribedMember(changes: Record<string, unknown> = {}) {
    const member = await signUp(identity);
    const key = await identity.json('/user/web-push/key', { token: member.token });
    expect(key.status).toBe(200);
    const device = push.subscribe(key.body.data.publicKey);
    const saved = await identity.json('/user/web-push/subscriptions', { method: 'POST', token: member.token, body: device.json });
    expect(saved.status).toBe(200);
    const chosen = await identity.json('/user/alert-preferences', {
      method: 'PUT',
      token: member.token,
      body: {
        ...DEFAULT_ALERT_PREFERENCES,
        channels: { email: false, inbox: true, push: true },
        quietHours: { from: clockIn(2), until: clockIn(3) },
        ...changes,
      },
    });
    expect(chosen.status).toBe(200);
    return { ...member, device };
  }
  const receivedBy = (device: FakeSubscription) => push.received.filter((message) => message.subscriptionId === device.id);
  const deliver = async () => {
    // The outbox's pass, as its timer would run it.
    await eventually(
      async () =>
        (await sql<{ n: number }>`select count(*)::int as n from push_outbox where status = 'sending'`.execute(identity.db)).rows[0]?.n ===
        0,
    );
  };

  it('sends one message per moment, encrypted for the subscription, that decrypts to the alert with its reasons', async () => {
    const member = await subscribedMember();
    expect((await queue('DROP-P', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    await eventually(() => receivedBy(member.device).length === 1);
    const [message] = receivedBy(member.device);
    expect(JSON.parse(message?.payload ?? '{}')).toEqual({
      title: expect.stringMatching(/^Two things on your lists drop /),
      body: "Philips Essential Airfryer: Matches your Need list: 'air fryer'\nboAt Airdopes 141: Matches your Greed list: 'TWS'",
      url: expect.stringMatching(/^\/alerts\/open\?/),
      tag: 'drop-DROP-P-preview',
    });
    // A tap opens the member's lists through the link that counts it for the operators (decision 0164).
    const url = new URL(JSON.parse(message?.payload ?? '{}').url, 'https://elts.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      m: member.memberId,
      k: expect.any(String),
      d: 'DROP-P',
      moment: 'preview',
      c: 'push',
    });
    // Encrypted on the wire, and only for this device: another browser's keys do not open it.
    expect(message?.body.toString('latin1')).not.toContain('Airfryer');
    expect(message?.headers.encoding).toBe('aes128gcm');
    const stranger = push.subscribe(member.device.serverKey);
    expect(() => decryptForSubscription(stranger, message?.body as Buffer)).toThrow('does not decrypt');
    expect(message?.claims.aud).toBe(push.origin);
    expect(message?.claims.sub).toBe('mailto:hello@elts.club');
    expect(Number(message?.headers.ttl)).toBeGreaterThan(2 * 3600);
    expect(message?.headers.topic).toMatch(/^[\w-]{32}$/);

    // Asked again (a retry, a restart mid-send): nothing more goes out.
    expect((await queue('DROP-P', 'preview', member.memberId)).body.data.outcomes).toEqual({ already_sent: 1 });
    await deliver();
    expect(receivedBy(member.device)).toHaveLength(1);
    expect(push.refused.filter((refusal) => refusal.subscriptionId === member.device.id)).toEqual([]);
  });

  it('holds a message through quiet hours, then sends it without the items muted meanwhile', async () => {
    const member = await subscribedMember({ quietHours: { from: clockIn(-1), until: clockIn(1) } });
    expect((await queue('DROP-Q', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    const row = await sql<{ status: string; send_after: Date }>`
      select status, send_after from push_outbox where member_id = ${member.memberId}`.execute(identity.db);
    expect(row.rows[0]?.status).toBe('pending');
    expect(new Date(row.rows[0]?.send_after as Date).getTime()).toBeGreaterThan(clock.now().getTime());
    await deliver();
    expect(receivedBy(member.device)).toEqual([]);

    const key = (
      await sql<{ k: string }>`select unsubscribe_key as k from alert_preferences where member_id = ${member.memberId}`.execute(identity.db)
    ).rows[0]?.k as string;
    await identity.request(`/alerts/unsubscribe?${new URLSearchParams({ m: member.memberId, k: key, item: 'TWS' })}`, { method: 'POST' });
    moveOn(2);
    await eventually(() => receivedBy(member.device).length === 1);
    const payload = JSON.parse(receivedBy(member.device)[0]?.payload ?? '{}');
    expect(payload.title).toMatch(/^One thing on your lists drops /);
    expect(payload.body).toBe("Philips Essential Airfryer: Matches your Need list: 'air fryer'");
  });

  it('sends nothing once the member turns Web Push off, even a message already waiting', async () => {
    const member = await subscribedMember({ quietHours: { from: clockIn(-1), until: clockIn(1) } });
    expect((await queue('DROP-O', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    const key = (
      await sql<{ k: string }>`select unsubscribe_key as k from alert_preferences where member_id = ${member.memberId}`.execute(identity.db)
    ).rows[0]?.k as string;
    const stopped = await identity.request(`/alerts/unsubscribe?${new URLSearchParams({ m: member.memberId, k: key, channel: 'push' })}`, {
      method: 'POST',
    });
    expect(stopped.status).toBe(200);
    moveOn(2);
    await eventually(async () => {
      const rows = await sql<{ status: string }>`select status from push_outbox where member_id = ${member.memberId}`.execute(identity.db);
      return rows.rows[0]?.status === 'cancelled';
    });
    expect(receivedBy(member.device)).toEqual([]);
    // With Web Push off and no other channel, a new drop has no way to reach them but the inbox.
    expect((await queue('DROP-O2', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    await deliver();
    expect(receivedBy(member.device)).toEqual([]);
  });

  it('forgets a subscription the push service says is gone (410), and keeps to two promotional messages per drop', async () => {
    const member = await subscribedMember({ wakeAtOpening: true, channels: { email: false, inbox: false, push: true } });
    expect((await queue('DROP-G', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    await eventually(() => receivedBy(member.device).length === 1);
    expect((await queue('DROP-G', 'opening', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    await eventually(() => receivedBy(member.device).length === 2);
    expect(push.received.filter((message) => message.subscriptionId === member.device.id)[1]?.headers.urgency).toBe('high');
    expect((await queue('DROP-G', 'last_call', member.memberId)).body.data.outcomes).toEqual({ capped: 1 });

    push.expire(member.device);
    expect((await queue('DROP-H', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    await eventually(async () => {
      const rows = await sql<{ n: number }>`select count(*)::int as n from push_subscriptions where member_id = ${member.memberId}`.execute(
        identity.db,
      );
      return rows.rows[0]?.n === 0;
    });
    expect(push.refused.filter((refusal) => refusal.subscriptionId === member.device.id).map((refusal) => refusal.status)).toEqual([410]);
    // No device left and no other channel on: nothing is queued for them.
    expect((await queue('DROP-I', 'preview', member.memberId)).body.data.outcomes).toEqual({ no_channel: 1 });
  });

  it('refuses a message signed with a key the subscription was not made for (403), and does not try it again', async () => {
    const member = await subscribedMember();
    // A browser that subscribed with another server's key: this server's VAPID signature does not answer for it.
    const foreign = push.subscribe(`B${'Q'.repeat(86)}`);
    await sql`update push_subscriptions set endpoint = ${foreign.json.endpoint}, p256dh = ${foreign.json.keys.p256dh}, auth = ${foreign.json.keys.auth}
      where member_id = ${member.memberId}`.execute(identity.db);
    expect((await queue('DROP-F', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    await eventually(async () => {
      const rows = await sql<{ status: string }>`select status from push_outbox where member_id = ${member.memberId}`.execute(identity.db);
      return rows.rows[0]?.status === 'failed';
    });
    expect(push.refused.filter((refusal) => refusal.subscriptionId === foreign.id)).toEqual([
      { subscriptionId: foreign.id, status: 403, reason: 'the vapid key is not the one the subscription was made with' },
    ]);
    expect(receivedBy(foreign)).toEqual([]);
  });

  it("takes only a browser push service's endpoint: an internal host is refused in a sentence (decision 0164)", async () => {
    const member = await signUp(identity);
    const device = push.subscribe((await identity.json('/user/web-push/key', { token: member.token })).body.data.publicKey);
    const save = (endpoint: string) =>
      identity.json('/user/web-push/subscriptions', { method: 'POST', token: member.token, body: { ...device.json, endpoint } });
    for (const endpoint of [
      'https://127.0.0.1/push/1',
      // The local push service's host on another port than the one the tests allow.
      `${push.origin.replace(/:\d+$/, ':1')}/push/1`,
      'https://metadata.internal/computeMetadata/v1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://fcm.googleapis.com.attacker.in/fcm/send/abc',
    ]) {
      const refused = await save(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.message).toBe("The push subscription's endpoint is not a browser push service (Chrome, Firefox, Safari or Edge)");
    }
    const stored = async () =>
      (
        await sql<{ endpoint: string }>`select endpoint from push_subscriptions where member_id = ${member.memberId}`.execute(identity.db)
      ).rows.map((row) => row.endpoint);
    expect(await stored()).toEqual([]);
    // Chrome's push service is taken.
    const chrome = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH';
    expect((await save(chrome)).status).toBe(200);
    expect(await stored()).toEqual([chrome]);
  });

  it('does not send to a stored endpoint that is not a browser push service, whatever the table holds', async () => {
    const member = await subscribedMember();
    // An endpoint written before the allow-list (or into the database): the local push service under another name.
    const other = push.subscribe(member.device.serverKey);
    const written = other.json.endpoint.replace('127.0.0.1', 'localhost');
    await sql`update push_subscriptions set endpoint = ${written}, p256dh = ${other.json.keys.p256dh}, auth = ${other.json.keys.auth}
      where member_id = ${member.memberId}`.execute(identity.db);
    expect((await queue('DROP-S', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    await eventually(async () => {
      const rows = await sql<{ status: string }>`select status from push_outbox where member_id = ${member.memberId}`.execute(identity.db);
      return rows.rows[0]?.status === 'failed';
    });
    const row = (
      await sql<{
        attempts: number;
        last_error: string;
      }>`select attempts, last_error from push_outbox where member_id = ${member.memberId}`.execute(identity.db)
    ).rows[0];
    // Refused before any request, once, and not tried again.
    expect(row).toEqual({ attempts: 1, last_error: expect.stringContaining('not a browser push service, not sent') });
    expect([...push.received, ...push.refused].filter((message) => message.subscriptionId === other.id)).toEqual([]);
  });

  it('forgets, at start, the stored devices whose endpoints are off the allow-list (decision 0168)', async () => {
    const kept = await subscribedMember();
    const off = await subscribedMember();
    await sql`update push_subscriptions set endpoint = 'https://169.254.169.254/latest/meta-data/'
      where member_id = ${off.memberId}`.execute(identity.db);
    const stub = { send: async () => 'accepted' as const };
    const pushes = new DropAlertPushes(identity.db, stub, logs.logger, clock);
    // An earlier test left another off the list (localhost): it goes too.
    expect(await pushes.forgetDisallowedDevices((endpoint) => pushEndpointAllowed(endpoint, [push.origin]))).toBeGreaterThanOrEqual(1);
    const devices = async (memberId: string) =>
      (await sql<{ n: number }>`select count(*)::int as n from push_subscriptions where member_id = ${memberId}`.execute(identity.db))
        .rows[0]?.n;
    expect(await devices(off.memberId)).toBe(0);
    expect(await devices(kept.memberId)).toBe(1);
    expect(logs.text()).not.toContain('169.254.169.254');
  });

  it('hands a waitlist unit over by push, once per device, with the pay-by time in India; not to a member who did not choose push', async () => {
    const member = await subscribedMember();
    const reservedUntil = new Date(clock.now().getTime() + HOUR_MS);
    const orderId = await handOver(identity, member.memberId, reservedUntil, 2);
    await eventually(() => receivedBy(member.device).length === 1);
    await deliver();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const messages = receivedBy(member.device);
    expect(messages).toHaveLength(1);
    const [india, time] = [
      indianWallClock(reservedUntil).slice(0, 10).split('-').reverse().join('/'),
      indianWallClock(reservedUntil).slice(11, 16),
    ];
    expect(JSON.parse(messages[0]?.payload ?? '{}')).toEqual({
      title: 'Reserved for you: Sony WH-1000XM5 Wireless Headphones',
      body: `Price: ₹26,990.00. Pay by ${india} ${time} (India time), or it goes to the next member waiting.`,
      url: `/order?order_id=${orderId}`,
      tag: `waitlist-${orderId}`,
    });
    // Urgent, and kept by the push service no longer than the reservation lasts.
    expect(messages[0]?.headers.urgency).toBe('high');
    expect(Number(messages[0]?.headers.ttl)).toBeLessThanOrEqual(3600);
    // Not a promotional message: a drop of the same day still has both its messages.
    expect((await queue('DROP-HO', 'preview', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });

    const mailOnly = await subscribedMember({ channels: { email: true, inbox: true, push: false } });
    await handOver(identity, mailOnly.memberId, reservedUntil);
    await eventually(async () => {
      const mails = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where subject like 'Reserved for you:%'
        and recipient = ${mailOnly.email}`.execute(identity.db);
      return mails.rows[0]?.n === 1;
    });
    const rows = await sql<{ n: number }>`select count(*)::int as n from push_outbox where member_id = ${mailOnly.memberId}`.execute(
      identity.db,
    );
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('keeps one VAPID key pair, made once and never logged; refuses a subscription that is not one, and forgets a device', async () => {
    const member = await signUp(identity);
    const first = (await identity.json('/user/web-push/key', { token: member.token })).body.data.publicKey;
    const stored = await sql<{ public_key: string; private_key: string }>`select public_key, private_key from vapid_keys`.execute(
      identity.db,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.public_key).toBe(first);
    expect(first).toMatch(/^B[\w-]{86}$/);
    expect(logs.text()).not.toContain(stored.rows[0]?.private_key);
    expect((await identity.json('/user/web-push/key')).status).toBe(401);

    const device = push.subscribe(first);
    const plain = await identity.json('/user/web-push/subscriptions', {
      method: 'POST',
      token: member.token,
      body: { ...device.json, endpoint: device.json.endpoint.replace('https:', 'http:') },
    });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('The push subscription needs an https endpoint');
    const badKey = await identity.json('/user/web-push/subscriptions', {
      method: 'POST',
      token: member.token,
      body: { ...device.json, keys: { ...device.json.keys, p256dh: 'not-a-key' } },
    });
    expect(badKey.body.message).toBe('The push subscription key is not a P-256 public key');

    await identity.json('/user/web-push/subscriptions', { method: 'POST', token: member.token, body: device.json });
    const other = await signUp(identity);
    // Another member cannot forget this member's device.
    await identity.json('/user/web-push/subscriptions', { method: 'DELETE', token: other.token, body: { endpoint: device.json.endpoint } });
    const count = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from push_subscriptions where member_id = ${member.memberId}`.execute(
          identity.db,
        )
      ).rows[0]?.n;
    expect(await count()).toBe(1);
    const removed = await identity.json('/user/web-push/subscriptions', {
      method: 'DELETE',
      token: member.token,
      body: { endpoint: device.json.endpoint },
    });
    expect(removed.status).toBe(200);
    expect(await count()).toBe(0);
  });
});
