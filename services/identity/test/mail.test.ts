import { sql } from '@elts/platform';
import { eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startIdentity, uniqueEmail } from './helpers.js';
import { startSmtpFake } from './smtp-fake.js';

describe('mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  let received: Awaited<ReturnType<typeof startSmtpFake>>['received'];
  let identity: ServiceHarness;

  beforeAll(async () => {
    smtp = await startSmtpFake();
    received = smtp.received;
    identity = await startIdentity('pglite', { SMTP_URL: smtp.url, MAIL_FROM: 'ELTS Club <hello@elts.test>' });
  });
  afterAll(async () => {
    await identity?.close();
    await smtp?.close();
  });

  it('delivers the welcome email by SMTP and marks it sent', async () => {
    const email = uniqueEmail('smtp');
    const { token } = await signUp(identity, email, 'Nisha Pai');
    await identity.json('/user/send-welcome-email', { method: 'POST', token, body: { email, name: 'Nisha' } });
    await eventually(() => received.some((mail) => mail.to.includes(email)));
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.data).toContain('Subject: Welcome to ELTS Club');
    expect(mail.data).toContain('From: ELTS Club <hello@elts.test>');
    expect(mail.data).toContain('Hi Nisha,');
    await eventually(async () => {
      const rows = await sql<{ status: string }>`select status from mail_outbox where recipient = ${email}`.execute(identity.db);
      return rows.rows[0]?.status === 'sent';
    });
  });

  it('retries a message the server turned away', async () => {
    smtp.state.refuseNext = 1;
    const email = uniqueEmail('retry');
    const { token } = await signUp(identity, email, 'Omar Khan');
    await identity.json('/user/send-welcome-email', { method: 'POST', token });
    await eventually(() => received.some((mail) => mail.to.includes(email)), 15_000);
    // The server holds the message before the sender hears its answer and records it: wait for the record.
    const outbox = async () =>
      (
        await sql<{ status: string; attempts: number }>`select status, attempts from mail_outbox where recipient = ${email}`.execute(
          identity.db,
        )
      ).rows[0];
    await eventually(async () => (await outbox())?.status !== 'sending');
    expect(await outbox()).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('mail without SMTP', () => {
  let identity: ServiceHarness;
  beforeAll(async () => {
    identity = await startIdentity('pglite');
  });
  afterAll(async () => identity?.close());

  it('keeps the message in the outbox, marks it logged and shows it in the development mailbox', async () => {
    const email = uniqueEmail('outbox');
    const { token } = await signUp(identity, email, 'Priya Das');
    await identity.json('/user/send-welcome-email', { method: 'POST', token });
    await eventually(async () => {
      const { body } = await identity.json('/dev/mailbox');
      return body.data.some((mail: { recipient: string; status: string }) => mail.recipient === email && mail.status === 'logged');
    });
  });
});
