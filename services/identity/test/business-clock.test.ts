import { ManualClock, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startIdentity, uniqueEmail } from './helpers.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Sessions and the mail outbox read business time from the service's clock (issue 36), as everything else does: a
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
});
