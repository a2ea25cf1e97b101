import { createHmac, randomBytes } from 'node:crypto';
import { DEFAULT_ALERT_PREFERENCES, indianWallClock } from '@elts/contracts';
import { sql } from '@elts/platform';
import { captureLogger, eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startIdentity } from './helpers.js';
import { type FakeTemplate, type ReceivedTemplateMessage, startWhatsAppCloudFake } from './whatsapp-cloud-fake.js';

const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = `EAAG${'x'.repeat(40)}`;
const APP_SECRET = randomBytes(16).toString('hex');
const VERIFY_TOKEN = `verify-${randomBytes(12).toString('hex')}`;
const PASSWORD = 'a long operator password';
const TEMPLATES: FakeTemplate[] = [
  { name: 'drop_alert', language: 'en', category: 'MARKETING', bodyParameters: 2 },
  { name: 'waitlist_reserved', language: 'en', category: 'UTILITY', bodyParameters: 4 },
];
const matches = [{ list: 'need', item: 'air fryer', productName: 'Philips Essential Airfryer' }];
const clockIn = (hours: number) => indianWallClock(new Date(Date.now() + hours * 3_600_000)).slice(11, 16);

/** Meta's status webhook (docs/decisions/0168): the handshake, signed statuses recorded once, and the operators' figures. */
describe("WhatsApp's delivery statuses", () => {
  const logs = captureLogger('identity');
  let meta: Awaited<ReturnType<typeof startWhatsAppCloudFake>>;
  let identity: ServiceHarness;
  let admin: string;

  beforeAll(async () => {
    meta = await startWhatsAppCloudFake({
      phoneNumberId: PHONE_NUMBER_ID,
      accessToken: TOKEN,
      templates: TEMPLATES,
      webhook: {
        url: 'https://elts.example/webhooks/whatsapp',
        appSecret: APP_SECRET,
        verifyToken: VERIFY_TOKEN,
        // Meta calls the product's public address; here the service's app in this process stands for it.
        fetch: (url, init) => {
          const { pathname, search } = new URL(url);
          return identity.request(`${pathname}${search}`, {
            method: init.method,
            headers: init.headers,
            ...(init.body === undefined ? {} : { rawBody: init.body }),
          });
        },
      },
    });
    identity = await startIdentity(
      'pglite',
      {
        WHATSAPP_ACCESS_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        WHATSAPP_API_URL: meta.url,
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
        ADMIN_USERNAME: 'operator',
        ADMIN_PASSWORD: PASSWORD,
      },
      undefined,
      undefined,
      logs.logger,
    );
    admin = (await identity.json('/admin/login', { method: 'POST', body: { username: 'operator', password: PASSWORD } })).body.token;
  });
  afterAll(async () => {
    await identity?.close();
    await meta?.close();
  });

  /** A member opted in on WhatsApp whose drop alert Meta has taken: the message as the fake received it. */
  async function alerted(dropId: string, mobile: string): Promise<ReceivedTemplateMessage> {
    const member = await signUp(identity);
    await sql`update members set mobile = ${mobile} where id = ${member.memberId}`.execute(identity.db);
    const choice = {
      ...DEFAULT_ALERT_PREFERENCES,
      channels: { email: false, inbox: false, push: false, whatsapp: true },
      quietHours: { from: clockIn(2), until: clockIn(3) },
    };
    expect((await identity.json('/user/alert-preferences', { method: 'PUT', token: member.token, body: choice })).status).toBe(200);
    const before = meta.received.length;
    const queued = await identity.json('/internal/drop-alerts', {
      method: 'POST',
      headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      body: {
        dropId,
        moment: 'preview',
        opensAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        members: [{ memberId: member.memberId, matches }],
      },
    });
    expect(queued.body.data.outcomes).toEqual({ queued: 1 });
    await eventually(() => meta.received.length === before + 1, 15_000);
    return meta.received.at(-1) as ReceivedTemplateMessage;
  }

  /** The WhatsApp outbox's rows of these messages, in the order named. */
  async function outboxRows(ids: string[]) {
    const rows = await sql<{ provider_message_id: string; status: string; last_error: string | null }>`
      select provider_message_id, status, last_error from whatsapp_outbox where provider_message_id in (${sql.join(ids)})`.execute(
      identity.db,
    );
    return ids.flatMap((id) => rows.rows.filter((row) => row.provider_message_id === id));
  }

  const whatsappFigures = async (dropId: string) =>
    (await identity.json(`/admin/drops/${dropId}/alert-figures`, { token: admin })).body.data.channels.find(
      (row: { channel: string }) => row.channel === 'whatsapp',
    );

  it("answers Meta's subscription handshake with the challenge, and refuses another verify token", async () => {
    expect(await meta.verifyWebhook()).toEqual({ status: 200, echoed: true });
    expect(await meta.verifyWebhook('not-the-verify-token-at-all')).toEqual({ status: 403, echoed: false });
    const bare = await identity.json('/webhooks/whatsapp');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('hub.mode is required');
  });

  it('refuses an unsigned or forged notification, and a body that is not one Meta sends, in sentences', async () => {
    const message = await alerted('DROP-S1', '+91 98765 43210');
    const unsigned = await identity.json('/webhooks/whatsapp', {
      method: 'POST',
      rawBody: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message).toBe('The webhook is not signed (X-Hub-Signature-256 is missing).');
    const forged = await meta.sendStatus(message, 'delivered', { signWith: 'another app secret' });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toBe("The webhook's signature does not match its body.");
    const sign = (body: string) => `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
    const notJson = await identity.json('/webhooks/whatsapp', {
      method: 'POST',
      rawBody: 'nope',
      headers: { 'x-hub-signature-256': sign('nope') },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('The webhook body is not JSON.');
    const other = JSON.stringify({ object: 'page', entry: [] });
    const notMeta = await identity.json('/webhooks/whatsapp', {
      method: 'POST',
      rawBody: other,
      headers: { 'x-hub-signature-256': sign(other) },
    });
    expect(notMeta.status).toBe(400);
    expect(notMeta.body.message).toBe('The webhook body is not a WhatsApp Business Account notification as Meta sends it (at object).');
    const stored = await sql<{ n: number }>`select count(*)::int as n from whatsapp_statuses`.execute(identity.db);
    expect(stored.rows[0]?.n).toBe(0);
  });

  it("records each message's delivered, read and failed once, and the figures count WhatsApp delivered and opened from them", async () => {
    const dropId = 'DROP-S2';
    const read = await alerted(dropId, '+91 98111 22334');
    const readOnly = await alerted(dropId, '+91 98222 33445');
    const failed = await alerted(dropId, '+91 98333 44556');
    const waiting = await alerted(dropId, '+91 98444 55667');
    await eventually(async () => (await whatsappFigures(dropId))?.alerted === 4);

    const answer = async (response: Promise<Response>) => (await (await response).json()) as { data: { recorded: number } };
    expect((await answer(meta.sendStatus(read, 'sent'))).data.recorded).toBe(1);
    expect((await answer(meta.sendStatus(read, 'delivered'))).data.recorded).toBe(1);
    // Meta delivers a notification again when it is unsure it arrived: nothing more is recorded.
    expect((await answer(meta.sendStatus(read, 'delivered'))).data.recorded).toBe(0);
    expect((await answer(meta.sendStatus(read, 'read'))).data.recorded).toBe(1);
    // A read may arrive without its delivered (or before it): the message was delivered all the same.
    expect((await answer(meta.sendStatus(readOnly, 'read'))).data.recorded).toBe(1);
    expect((await answer(meta.sendStatus(failed, 'sent'))).data.recorded).toBe(1);
    expect((await answer(meta.sendStatus(failed, 'failed'))).data.recorded).toBe(1);
    expect((await answer(meta.sendStatus(waiting, 'sent'))).data.recorded).toBe(1);

    expect(await whatsappFigures(dropId)).toEqual({
      channel: 'whatsapp',
      alerted: 4,
      delivered: 2,
      opened: 2,
      clicked: null,
      unsubscribes: 0,
    });
    const failure = await sql<{ error: string }>`
      select error from whatsapp_statuses where provider_message_id = ${failed.id} and status = 'failed'`.execute(identity.db);
    expect(failure.rows[0]?.error).toBe('131026: Message undeliverable');
    expect(await outboxRows([read.id, failed.id, waiting.id])).toEqual([
      { provider_message_id: read.id, status: 'sent', last_error: null },
      { provider_message_id: failed.id, status: 'failed', last_error: '131026: Message undeliverable' },
      { provider_message_id: waiting.id, status: 'sent', last_error: null },
    ]);
    const cost = (await identity.json(`/admin/drops/${dropId}/alert-figures`, { token: admin })).body.data.whatsapp;
    // Meta charges what it delivered: two marketing messages, not the four it accepted.
    expect(cost.dropCostPaise).toBe(Math.round(2 * 86.31));
    expect(cost.monthMessages).toEqual({ MARKETING: 2, UTILITY: 0 });
  });

  it("marks a message failed when Meta's failure reaches the webhook before the send's answer is stored", async () => {
    meta.state.failNextBeforeAnswer = true;
    const failed = await alerted('DROP-S3', '+91 98555 66778');
    await eventually(async () => (await outboxRows([failed.id])).length === 1);
    expect(await outboxRows([failed.id])).toEqual([
      { provider_message_id: failed.id, status: 'failed', last_error: '131026: Message undeliverable' },
    ]);
  });

  it('never logs the app secret or the verify token', () => {
    expect(logs.text()).not.toContain(APP_SECRET);
    expect(logs.text()).not.toContain(VERIFY_TOKEN);
    expect(logs.text()).toContain('whatsapp webhook refused');
  });
});
