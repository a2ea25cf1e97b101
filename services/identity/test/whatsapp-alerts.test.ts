import { DEFAULT_ALERT_PREFERENCES, indianDateTime, indianWallClock, WHATSAPP_OPT_IN_WORDING } from '@elts/contracts';
import { sql } from '@elts/platform';
import { eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhatsAppCloudSender, type WhatsAppRefused } from '../src/notify/whatsapp.js';
import { handOver, signUp, startIdentity } from './helpers.js';
import { type FakeTemplate, startWhatsAppCloudFake, validateTemplateMessage } from './whatsapp-cloud-fake.js';

const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = `EAAG${'x'.repeat(40)}`;
const TEMPLATES: FakeTemplate[] = [
  { name: 'drop_alert', language: 'en', category: 'MARKETING', bodyParameters: 2 },
  { name: 'renewal_reminder', language: 'en', category: 'UTILITY', bodyParameters: 1 },
  { name: 'waitlist_reserved', language: 'en', category: 'UTILITY', bodyParameters: 4 },
];
const matches = [
  { list: 'need', item: 'air fryer', productName: 'Philips Essential Airfryer' },
  { list: 'greed', item: 'TWS', productName: 'boAt Airdopes 141' },
];
const clockIn = (hours: number) => indianWallClock(new Date(Date.now() + hours * 3_600_000)).slice(11, 16);

describe('the WhatsApp Cloud API fake follows the documented template message schema', () => {
  const valid = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '919876543210',
    type: 'template',
    template: {
      name: 'drop_alert',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
    },
  };
  it('takes a valid body and refuses what Meta refuses, with its codes', () => {
    expect(validateTemplateMessage(valid, TEMPLATES).parameters).toEqual(['a', 'b']);
    const refusal = (body: unknown) => {
      try {
        validateTemplateMessage(body, TEMPLATES);
      } catch (error) {
        return (error as { code: number }).code;
      }
      return undefined;
    };
    expect(refusal({ ...valid, messaging_product: 'sms' })).toBe(100);
    expect(refusal({ ...valid, text: { body: 'hello' } })).toBe(100);
    expect(refusal({ ...valid, type: 'text' })).toBe(100);
    expect(refusal({ ...valid, template: { ...valid.template, name: 'Drop Alert' } })).toBe(100);
    expect(refusal({ ...valid, template: { ...valid.template, name: 'drop_alerts' } })).toBe(132001);
    expect(
      refusal({ ...valid, template: { ...valid.template, components: [{ type: 'body', parameters: [{ type: 'text', text: 'a' }] }] } }),
    ).toBe(132000);
    const newline = [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'a\nb' },
          { type: 'text', text: 'c' },
        ],
      },
    ];
    expect(refusal({ ...valid, template: { ...valid.template, components: newline } })).toBe(132018);
  });
});

describe('drop alerts on WhatsApp', () => {
  let meta: Awaited<ReturnType<typeof startWhatsAppCloudFake>>;
  let identity: ServiceHarness;

  beforeAll(async () => {
    meta = await startWhatsAppCloudFake({ phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN, templates: TEMPLATES });
    identity = await startIdentity('pglite', {
      WHATSAPP_ACCESS_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_API_URL: meta.url,
    });
  });
  afterAll(async () => {
    await identity?.close();
    await meta?.close();
  });

  const sender = () => new WhatsAppCloudSender({ apiUrl: meta.url, version: 'v23.0', phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN });
  const choose = (token: string, changes: Record<string, unknown>) =>
    identity.json('/user/alert-preferences', { method: 'PUT', token, body: { ...DEFAULT_ALERT_PREFERENCES, ...changes } });
  const queue = (dropId: string, memberId: string) =>
    identity.json('/internal/drop-alerts', {
      method: 'POST',
      headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      body: { dropId, moment: 'preview', opensAt: new Date(Date.now() + 3 * 3_600_000).toISOString(), members: [{ memberId, matches }] },
    });
  const whatsappOnly = {
    channels: { email: false, inbox: false, push: false, whatsapp: true },
    quietHours: { from: clockIn(2), until: clockIn(3) },
  };

  it('sends a drop alert as a MARKETING template, and never a renewal or payment message with one', async () => {
    const [drop, renewal] = TEMPLATES as [FakeTemplate, FakeTemplate];
    const id = await sender().sendTemplate({
      to: '919876543210',
      purpose: 'drop_alert',
      template: { ...drop, category: 'MARKETING' },
      parameters: ['Title', 'One\nTwo'],
    });
    expect(id).toMatch(/^wamid\./);
    expect(meta.received.at(-1)).toMatchObject({ template: 'drop_alert', category: 'MARKETING', parameters: ['Title', 'One Two'] });
    const before = meta.received.length;
    await expect(
      sender().sendTemplate({
        to: '919876543210',
        purpose: 'renewal_notice',
        template: { ...drop, category: 'MARKETING' },
        parameters: ['a', 'b'],
      }),
    ).rejects.toThrow('a renewal_notice may not be sent with the MARKETING template drop_alert');
    await expect(
      sender().sendTemplate({
        to: '919876543210',
        purpose: 'drop_alert',
        template: { ...renewal, category: 'UTILITY' },
        parameters: ['a'],
      }),
    ).rejects.toThrow('a drop_alert may not be sent with the UTILITY template renewal_reminder');
    expect(meta.received).toHaveLength(before);
    const wrongToken = new WhatsAppCloudSender({ apiUrl: meta.url, version: 'v23.0', phoneNumberId: PHONE_NUMBER_ID, accessToken: 'nope' });
    const refused = await wrongToken
      .sendTemplate({ to: '919876543210', purpose: 'drop_alert', template: { ...drop, category: 'MARKETING' }, parameters: ['a', 'b'] })
      .catch((error: WhatsAppRefused) => error);
    expect(refused).toMatchObject({ status: 401, code: 190, final: true });
  });

  it('records the opt-in with its number, words and time; sends one message per moment to that number', async () => {
    const member = await signUp(identity);
    const noMobile = await choose(member.token, whatsappOnly);
    expect(noMobile.status).toBe(400);
    expect(noMobile.body.message).toBe('Add your Indian mobile number to your profile to get alerts on WhatsApp');

    const channels = () => identity.json('/user/alert-channels', { token: member.token });
    expect((await channels()).body.data).toEqual({ push: true, whatsapp: true, whatsappNumber: false });
    await sql`update members set mobile = '+91 98765 43210' where id = ${member.memberId}`.execute(identity.db);
    expect((await channels()).body.data).toEqual({ push: true, whatsapp: true, whatsappNumber: true });
    expect((await choose(member.token, whatsappOnly)).status).toBe(200);
    const optIns = await sql<{ mobile: string; wording: string; opted_in_at: Date; opted_out_at: Date | null }>`
      select mobile, wording, opted_in_at, opted_out_at from whatsapp_opt_ins where member_id = ${member.memberId}`.execute(identity.db);
    expect(optIns.rows).toEqual([
      { mobile: '+91 98765 43210', wording: WHATSAPP_OPT_IN_WORDING, opted_in_at: expect.any(Date), opted_out_at: null },
    ]);

    // Meta throttles the first try: it is tried again, not lost, and sent once.
    meta.state.throttleNext = 1;
    const sentBefore = meta.received.length;
    expect((await queue('DROP-W', member.memberId)).body.data.outcomes).toEqual({ queued: 1 });
    expect((await queue('DROP-W', member.memberId)).body.data.outcomes).toEqual({ already_sent: 1 });
    await eventually(() => meta.received.length === sentBefore + 1, 15_000);
    expect(meta.refused.at(-1)).toMatchObject({ status: 429, code: 130429 });
    expect(meta.received.at(-1)).toMatchObject({
      to: '919876543210',
      template: 'drop_alert',
      category: 'MARKETING',
      parameters: [
        expect.stringMatching(/^Two things on your lists drop /),
        "Philips Essential Airfryer (Need list: 'air fryer'); boAt Airdopes 141 (Greed list: 'TWS')",
      ],
    });
    const rowOf = () =>
      sql<{ status: string; provider_message_id: string; category: string }>`
      select status, provider_message_id, category from whatsapp_outbox where member_id = ${member.memberId}`.execute(identity.db);
    // Meta has answered; the row is marked sent just after.
    await eventually(async () => (await rowOf()).rows[0]?.status === 'sent');
    const row = await rowOf();
    expect(row.rows).toEqual([{ status: 'sent', provider_message_id: expect.stringMatching(/^wamid\./), category: 'MARKETING' }]);
  });

  it('hands a waitlist unit over as a UTILITY message, once, with the pay-by time in India', async () => {
    const member = await signUp(identity);
    await sql`update members set mobile = '+91 98111 22334' where id = ${member.memberId}`.execute(identity.db);
    expect((await choose(member.token, whatsappOnly)).status).toBe(200);
    const sentBefore = meta.received.length;
    const reservedUntil = new Date(Date.now() + 3_600_000);
    const orderId = await handOver(identity, member.memberId, reservedUntil, 2);
    await eventually(() => meta.received.length === sentBefore + 1, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(meta.received.slice(sentBefore)).toEqual([
      expect.objectContaining({
        to: '919811122334',
        template: 'waitlist_reserved',
        category: 'UTILITY',
        parameters: [
          'Sony WH-1000XM5 Wireless Headphones',
          '₹26,990.00',
          `${indianDateTime(reservedUntil)} (India time)`,
          `http://localhost:3000/order?order_id=${orderId}`,
        ],
      }),
    ]);
    const rowsOf = () =>
      sql<{ category: string; status: string }>`
      select category, status from whatsapp_outbox where member_id = ${member.memberId}`.execute(identity.db);
    await eventually(async () => (await rowsOf()).rows[0]?.status === 'sent');
    expect((await rowsOf()).rows).toEqual([{ category: 'UTILITY', status: 'sent' }]);
  });

  it('records the opt-out when the member unsubscribes, and sends nothing more', async () => {
    const member = await signUp(identity);
    await sql`update members set mobile = '9876501234' where id = ${member.memberId}`.execute(identity.db);
    await choose(member.token, whatsappOnly);
    const key = (
      await sql<{ k: string }>`select unsubscribe_key as k from alert_preferences where member_id = ${member.memberId}`.execute(identity.db)
    ).rows[0]?.k as string;
    const stopped = await identity.request(
      `/alerts/unsubscribe?${new URLSearchParams({ m: member.memberId, k: key, channel: 'whatsapp' })}`,
      {
        method: 'POST',
      },
    );
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('no more drop alerts by WhatsApp');
    const optIn = await sql<{
      opted_out_at: Date | null;
    }>`select opted_out_at from whatsapp_opt_ins where member_id = ${member.memberId}`.execute(identity.db);
    expect(optIn.rows[0]?.opted_out_at).toBeInstanceOf(Date);
    expect((await queue('DROP-X', member.memberId)).body.data.outcomes).toEqual({ no_channel: 1 });
  });
});
