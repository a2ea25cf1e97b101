import { GIVEAWAY_QUESTIONS } from '@elts/contracts';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devCredential, setSubscription, signUp, startIdentity, uniqueEmail, updateProfile } from './helpers.js';

const answers = (correct: boolean) => ({
  q1: { question: GIVEAWAY_QUESTIONS[0].question, answer: GIVEAWAY_QUESTIONS[0].correct },
  q2: { question: GIVEAWAY_QUESTIONS[1].question, answer: GIVEAWAY_QUESTIONS[1].correct },
  q3: { question: GIVEAWAY_QUESTIONS[2].question, answer: correct ? GIVEAWAY_QUESTIONS[2].correct : 'Buy & Sell' },
});

describe.each(DATABASE_KINDS)('community on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    // Small numbers so a test can cross each threshold: the wall holds 3, the giveaway opens at 2 members.
    if (available) {
      identity = await startIdentity(kind, {
        WALL_SIZE: '3',
        GIVEAWAY_OPENS_AT_MEMBERS: '2',
        INVITATIONS_PER_MONTH: '2',
        ADMIN_USERNAME: 'operator',
        ADMIN_PASSWORD: 'correct horse battery staple',
      });
    }
  });
  afterAll(async () => identity?.close());

  it.runIf(available)('shows the first members on the public wall as first name and last initial, without the hidden', async () => {
    const first = await signUp(identity, uniqueEmail(), 'Asha Rao');
    await signUp(identity, uniqueEmail(), 'Ravi Kumar');
    await signUp(identity, uniqueEmail(), 'Meera');
    await signUp(identity, uniqueEmail(), 'Fourth Member');
    let wall = await identity.json('/user/wall');
    expect(wall.status).toBe(200);
    expect(wall.body.data).toEqual([
      { member_number: 1, name: 'Asha R.' },
      { member_number: 2, name: 'Ravi K.' },
      { member_number: 3, name: 'Meera' },
    ]);
    await updateProfile(identity, first.token, { hideFromWall: true });
    wall = await identity.json('/user/wall');
    expect(wall.body.data.map((m: { name: string }) => m.name)).toEqual(['Ravi K.', 'Meera']);
    expect(wall.body.pagination).toMatchObject({ total_items: 2, current_page: 1 });
  });

  describe('giveaway', () => {
    it.runIf(available)('is for active subscribers only', async () => {
      const member = await signUp(identity);
      const { status, body } = await identity.json('/user/giveaway', { method: 'POST', token: member.token, body: answers(true) });
      expect(status).toBe(403);
      expect(body.message).toBe('Only active subscribers can enter the giveaway.');
      const state = await identity.json('/user/giveaway', { token: member.token });
      expect(state.body).toMatchObject({ data: [], giveaway: { open: true, eligible: false } });
    });

    it.runIf(available)('decides correctness on the server, ignoring what the client says', async () => {
      const member = await signUp(identity);
      await setSubscription(identity, member, 'active');
      const { status, body } = await identity.json('/user/giveaway', {
        method: 'POST',
        token: member.token,
        body: { ...answers(false), isCorrect: true },
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ data: { passed: false }, message: 'Sorry, you answered incorrectly. Please try next time.' });
      const state = await identity.json('/user/giveaway', { token: member.token });
      expect(state.body.data).toEqual([expect.objectContaining({ passed: false })]);
    });

    it.runIf(available)('takes one attempt only, even when two arrive at once', async () => {
      const member = await signUp(identity);
      await setSubscription(identity, member, 'active');
      const results = await Promise.all(
        [true, true].map((correct) => identity.json('/user/giveaway', { method: 'POST', token: member.token, body: answers(correct) })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 201)!.body.message).toBe("Congratulations! You're entered in the giveaway!");
      expect(results.find((r) => r.status === 409)!.body.message).toBe('You have already entered the giveaway.');
    });

    it.runIf(available)('needs all three answers', async () => {
      const member = await signUp(identity);
      const { status, body } = await identity.json('/user/giveaway', {
        method: 'POST',
        token: member.token,
        body: { ...answers(true), q2: { question: 'x', answer: ' ' } },
      });
      expect(status).toBe(400);
      expect(body.message).toContain('Please answer all questions');
    });

    it.runIf(available)('stays closed for an expired subscriber', async () => {
      const member = await signUp(identity);
      await setSubscription(identity, member, 'active');
      await setSubscription(identity, member, 'expired');
      expect((await identity.json('/user/giveaway', { method: 'POST', token: member.token, body: answers(true) })).status).toBe(403);
    });
  });

  describe('invitations', () => {
    it.runIf(available)('gives members a monthly allowance of links', async () => {
      const member = await signUp(identity);
      const created = [];
      for (let i = 0; i < 2; i++) {
        const { status, body } = await identity.json('/user/invitations', { method: 'POST', token: member.token });
        expect(status).toBe(201);
        expect(body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
        expect(body.data.link).toBe(`http://localhost:3000/?invite=${body.data.code}`);
        created.push(body.data.code);
      }
      const third = await identity.json('/user/invitations', { method: 'POST', token: member.token });
      expect(third.status).toBe(429);
      expect(third.body.message).toBe("You have used this month's 2 invitations. New ones arrive next month.");
      const list = await identity.json('/user/invitations', { token: member.token });
      expect(list.body.allowance).toEqual({ per_month: 2, used_this_month: 2, remaining: 0 });
      expect(list.body.data.map((i: { code: string }) => i.code).sort()).toEqual(created.sort());
    });

    it.runIf(available)('lets admins create them, and no one else', async () => {
      const admin = (
        await identity.json('/admin/login', { method: 'POST', body: { username: 'operator', password: 'correct horse battery staple' } })
      ).body;
      const member = await signUp(identity);
      expect((await identity.json('/admin/invitations', { method: 'POST', body: { count: 2 } })).status).toBe(401);
      expect((await identity.json('/admin/invitations', { method: 'POST', token: member.token, body: { count: 2 } })).status).toBe(401);
      const { status, body } = await identity.json('/admin/invitations', { method: 'POST', token: admin.token, body: { count: 3 } });
      expect(status).toBe(201);
      expect(body.data).toHaveLength(3);
    });
  });
});

describe.each(DATABASE_KINDS)('the giveaway threshold on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available) identity = await startIdentity(kind, { GIVEAWAY_OPENS_AT_MEMBERS: '3' });
  });
  afterAll(async () => identity?.close());

  it.runIf(available)('stays closed below the member count, and opens to active subscribers once it is reached', async () => {
    const subscriber = await signUp(identity);
    await setSubscription(identity, subscriber, 'active');
    await signUp(identity);
    const closed = await identity.json('/user/giveaway', { token: subscriber.token });
    expect(closed.body.giveaway).toEqual({ open: false, members_needed: 1, eligible: true, drawn: false, won: null });
    const early = await identity.json('/user/giveaway', { method: 'POST', token: subscriber.token, body: answers(true) });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ is_success: false, message: 'The giveaway opens once the community reaches 3 members.' });

    await signUp(identity);
    const open = await identity.json('/user/giveaway', { token: subscriber.token });
    expect(open.body).toMatchObject({ data: [], giveaway: { open: true, members_needed: 0, eligible: true } });
    const entered = await identity.json('/user/giveaway', { method: 'POST', token: subscriber.token, body: answers(true) });
    expect(entered.status).toBe(201);
    expect(entered.body).toMatchObject({ data: { passed: true }, message: "Congratulations! You're entered in the giveaway!" });
  });
});

describe.each(DATABASE_KINDS)('the registration cap on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available) identity = await startIdentity(kind, { REGISTRATION_CAP: '2' });
  });
  afterAll(async () => identity?.close());

  it.runIf(available)('lets the first members join freely, then only with a valid, unused invitation', async () => {
    const first = await signUp(identity);
    await signUp(identity);
    const credential = await devCredential(identity, uniqueEmail('late'));
    const refused = await identity.json('/user/login', { method: 'POST', body: { credential } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Membership is by invitation only now. Please sign up with an invitation link from a member.');

    const invitation = (await identity.json('/user/invitations', { method: 'POST', token: first.token })).body.data;
    const invited = await identity.json('/user/login', {
      method: 'POST',
      body: { credential, invitation_code: invitation.code.toLowerCase() },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.data).toMatchObject({ is_new_member: true, member_number: 3 });

    const reused = await identity.json('/user/login', {
      method: 'POST',
      body: { credential: await devCredential(identity, uniqueEmail('another')), invitation_code: invitation.code },
    });
    expect(reused.status).toBe(403);
    expect(reused.body.message).toBe('This invitation has expired or was already used.');

    // Existing members always sign in, cap or not.
    expect(
      (await identity.json('/user/login', { method: 'POST', body: { credential: await devCredential(identity, first.email) } })).status,
    ).toBe(200);
  });
});
