import { ManualClock, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationToken, openConfirmation, signUp, startIdentity, uniqueEmail, updateProfile } from './helpers.js';

const DAY_MS = 24 * 60 * 60_000;

const HOUR_MS = 60 * 60_000;

/**
 * Sessions, the mail outbox and contact confirmation links read business time from the service's clock (issue 36), as everything else does: a
 * test that moves the clock moves them too, and what they record is the clock's time.
 */
describe.each(DATABASE_KINDS)('identity on its clock, on %s', (kind) => {
  const available = databaseAvailable(kind);
  const clock = new ManualClock();
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (!available) return;
    identity = await startIdentity(kind, { MEMBER_SESSION_DAYS: '30' }, undefined, undefined, undefined, clock);
  });
  afterAll(async () => identity?.close());

  it.runIf(available)("ends a member's session when the clock passes its lifetime, and dates mail by the clock", async () => {
    clock.reset();
    const email = uniqueEmail('clocked');
    const member = await signUp(identity, email);
    const profile = () => identity.json('/user/get-profile', { method: 'POST', token: member.token });
    expect((await profile()).status).toBe(200);
    // Ten days on, by the clock alone: the welcome mail's row carries the clock's time, not the machine's.
    clock.advance(10 * DAY_MS);
    const sent = await identity.json('/user/send-welcome-email', { method: 'POST', token: member.token, body: { name: 'Asha' } });
    expect(sent.status).toBe(200);
    const welcome = await sql<{ created_at: Date }>`
      select created_at from mail_outbox where recipient = ${email}`.execute(identity.db);
    expect(Math.abs(new Date(welcome.rows[0]!.created_at).getTime() - clock.now().getTime())).toBeLessThan(60_000);

    clock.advance(29 * DAY_MS);
    expect((await profile()).status).toBe(200);
    clock.advance(31 * DAY_MS);
    expect((await profile()).status).toBe(401);
    clock.reset();
  });

  it.runIf(available)('dates a contact confirmation link by the clock, and ends it when the clock passes its 24 hours', async () => {
    clock.reset();
    const member = await signUp(identity, uniqueEmail('contact'));
    const pending = async () =>
      (await identity.json('/user/get-profile', { method: 'POST', token: member.token })).body.data[0].pendingEmail ?? null;
    const wanted = uniqueEmail('wanted');
    await updateProfile(identity, member.token, { email: wanted });
    const token = await confirmationToken(identity, wanted);
    const row = await sql<{ created_at: Date; expires_at: Date }>`
      select created_at, expires_at from contact_confirmations where member_id = ${member.memberId}`.execute(identity.db);
    const { created_at: created, expires_at: expires } = row.rows[0]!;
    expect(Math.abs(new Date(created).getTime() - clock.now().getTime())).toBeLessThan(60_000);
    expect(new Date(expires).getTime() - new Date(created).getTime()).toBe(24 * HOUR_MS);
    expect(await pending()).toBe(wanted);
    // A day and a minute on, by the clock alone: no longer pending, and the link is refused.
    clock.advance(24 * HOUR_MS + 60_000);
    expect(await pending()).toBeNull();
    expect((await openConfirmation(identity, token)).status).toBe(400);
    clock.reset();
  });
});
