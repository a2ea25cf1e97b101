import { createHash, randomBytes } from 'node:crypto';
import { COPY, escapeHtml } from '@elts/contracts';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationToken,
  mailTo,
  openConfirmation,
  personalDetails,
  signUp,
  startIdentity,
  uniqueEmail,
  updateProfile,
} from './helpers.js';

describe.each(DATABASE_KINDS)('profile on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available) identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  const profileOf = async (token: string) => (await identity.json('/user/get-profile', { method: 'POST', token })).body.data[0];

  it.runIf(available)('returns every profile field of the spec for a new member', async () => {
    const { token, email } = await signUp(identity, uniqueEmail(), 'Kiran Desai');
    const profile = await profileOf(token);
    expect(profile).toMatchObject({
      firstname: 'Kiran',
      lastname: 'Desai',
      email,
      gender: null,
      dob: null,
      mobile: null,
      address: null,
      professionAddress: null,
      pincode: null,
      profession: null,
      subscriptionType: null,
      needList: '',
      greedList: '',
      gst: '',
      subscription_status: 'none',
      hideFromWall: false,
      onboarding: { personalDetails: false, spendType: false, myLists: false, shippingInfo: false, complete: false },
    });
    expect(profile.member_number).toBeGreaterThan(0);
  });

  it.runIf(available)('accepts the four onboarding steps in the spec forms and reports progress', async () => {
    const { token, email } = await signUp(identity);
    expect((await updateProfile(identity, token, { ...personalDetails, email })).status).toBe(200);
    expect((await profileOf(token)).onboarding).toMatchObject({ personalDetails: true, spendType: false, complete: false });
    expect((await updateProfile(identity, token, { profession: 'student', subscriptionType: 'Save' })).status).toBe(200);
    expect((await updateProfile(identity, token, { needList: ['Laptop', 'Headphones', 'Backpack'], greedList: ['Camera'] })).status).toBe(
      200,
    );
    const shipping = await updateProfile(identity, token, {
      address: '12 MG Road, Panaji',
      pincode: 403001,
      professionAddress: '12 MG Road, Panaji',
    });
    expect(shipping.status).toBe(200);
    expect(shipping.body).toMatchObject({ is_success: true, message: 'Profile updated successfully!' });
    const profile = await profileOf(token);
    expect(profile).toMatchObject({
      gender: 'female',
      dob: '1994-03-12',
      mobile: '9876543210',
      profession: 'student',
      subscriptionType: 'Save',
      needList: 'Laptop,Headphones,Backpack',
      greedList: 'Camera',
      address: '12 MG Road, Panaji',
      professionAddress: '12 MG Road, Panaji',
      pincode: 403001,
      onboarding: { personalDetails: true, spendType: true, myLists: true, shippingInfo: true, complete: true },
    });
  });

  it.runIf(available)('accepts the remaining spec forms: persona with GST, pincode alone (skip), address with pincode', async () => {
    const { token } = await signUp(identity);
    expect(
      (await updateProfile(identity, token, { subscriptionType: 'Splurge', profession: 'business', gst: '27aapfu0939f1zv' })).status,
    ).toBe(200);
    expect((await updateProfile(identity, token, { pincode: 560001 })).status).toBe(200);
    const form = await updateProfile(identity, token, { address: '4 Church Street, Bengaluru', pincode: 560001 });
    expect(form.body.data[0]).toMatchObject({
      address: '4 Church Street, Bengaluru',
      pincode: 560001,
      gst: '27AAPFU0939F1ZV',
      profession: 'business',
    });
  });

  it.runIf(available)('records each change as an event of the member', async () => {
    const { token, memberId } = await signUp(identity);
    await updateProfile(identity, token, { profession: 'professional', subscriptionType: 'Splurge' });
    await updateProfile(identity, token, { hideFromWall: true });
    const events = await sql<{
      type: string;
    }>`select type from events where stream_id = ${`member-${memberId}`} order by stream_version`.execute(identity.db);
    expect(events.rows.map((e) => e.type)).toEqual(['MemberRegistered', 'PersonaChosen', 'WallVisibilityChanged']);
  });

  describe('validation', () => {
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const { token } = await signUp(identity);
      const before = await profileOf(token);
      const { status, body: answer } = await updateProfile(identity, token, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.is_success).toBe(false);
      expect(answer.message).toMatch(message);
      expect(await profileOf(token)).toEqual(before);
    };

    it.runIf(available)('gender in the enumeration', () => refused({ gender: 'unknown' }, /Gender must be male, female or others/));
    it.runIf(available)('date of birth a real past date', () => refused({ dob: '2001-02-29' }, /must be a real date/));
    it.runIf(available)('age at least 13', () => refused({ dob: `${new Date().getFullYear() - 10}-01-01` }, /at least 13 years old/));
    it.runIf(available)('an Indian mobile', () => refused({ mobile: '12345' }, /10-digit Indian mobile/));
    it.runIf(available)('a valid email', () => refused({ email: 'not-an-email' }, /valid email/));
    it.runIf(available)('six-digit pincode not starting with 0', () => refused({ pincode: '012345' }, /Pincode must be 6 digits/));
    it.runIf(available)('profession in its enumeration', () => refused({ profession: 'astronaut' }, /Profession must be/));
    it.runIf(available)('persona in its enumeration', () => refused({ subscriptionType: 'Hoard' }, /Save or Splurge/));
    it.runIf(available)('GSTIN required for a business', () =>
      refused({ profession: 'startup', subscriptionType: 'Save' }, /GST number is required/),
    );
    it.runIf(available)('GSTIN check digit', () =>
      refused({ profession: 'institution', subscriptionType: 'Save', gst: '27AAPFU0939F1ZW' }, /^This GSTIN's check digit is wrong\./),
    );
    it.runIf(available)('lists hold at most 5 items', () =>
      refused({ needList: ['a', 'b', 'c', 'd', 'e', 'f'], greedList: [] }, /at most 5 items/),
    );
    it.runIf(available)('list items at most 100 characters', () =>
      refused({ needList: ['x'.repeat(101), 'b', 'c'] }, /at most 100 characters/),
    );
    it.runIf(available)('onboarding need list at least 3 items', () =>
      refused({ needList: ['Phone', ' ', 'phone'], greedList: [] }, /^Need list must have at least 3 items to proceed\.$/),
    );
    it.runIf(available)('unknown fields', () => refused({ isAdmin: true }, /Unknown field/));
    it.runIf(available)('an empty update', () => refused({}, /Nothing to update/));

    it.runIf(available)('trims lists and drops duplicates; after onboarding fewer than 3 are allowed', async () => {
      const { token } = await signUp(identity);
      const first = await updateProfile(identity, token, {
        needList: [' Laptop ', 'laptop', 'Phone', '', 'Shoes'],
        greedList: 'Camera, camera ,Drone',
      });
      expect(first.body.data[0]).toMatchObject({ needList: 'Laptop,Phone,Shoes', greedList: 'Camera,Drone' });
      const later = await updateProfile(identity, token, { needList: ['Laptop'] });
      expect(later.status).toBe(200);
      expect(later.body.data[0]).toMatchObject({ needList: 'Laptop', greedList: 'Camera,Drone' });
    });
  });

  describe('changing the contact email', () => {
    const pendingRow = async (memberId: string) =>
      (
        await sql<{ token_hash: Buffer; address: string; expires_at: Date; created_at: Date }>`
          select token_hash, address, expires_at, created_at from contact_confirmations
          where member_id = ${memberId} and channel = 'email' order by created_at desc limit 1`.execute(identity.db)
      ).rows[0];

    it.runIf(available)('keeps the old address until the link mailed to the new one is opened, once', async () => {
      const member = await signUp(identity, uniqueEmail('before'), 'Asha Rao');
      const wanted = uniqueEmail('after');
      const saved = await updateProfile(identity, member.token, { ...personalDetails, email: wanted.toUpperCase() });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe(`Profile updated successfully! ${COPY.emailChange.linkSent(wanted)}`);
      // Step 01's other fields are saved; the address waits.
      expect(saved.body.data[0]).toMatchObject({
        email: member.email,
        pendingEmail: wanted,
        mobile: '9876543210',
        onboarding: { personalDetails: true },
      });
      const events = await sql<{ data: { email?: string } }>`
        select data from events where stream_id = ${`member-${member.memberId}`} order by stream_version`.execute(identity.db);
      expect(events.rows.every((event) => event.data.email !== wanted)).toBe(true);

      const [mail] = await mailTo(identity, wanted);
      expect(mail?.subject).toBe('Confirm your new email address for ELTS Club');
      expect(mail?.body_text).toContain('http://localhost:3000/user/confirm-email?token=');
      expect(mail?.body_text).not.toContain('Asha');
      const token = await confirmationToken(identity, wanted);
      // Only the token's hash is kept.
      const row = await pendingRow(member.memberId);
      expect(row?.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
      expect(JSON.stringify(row)).not.toContain(token);
      const hours = (row!.expires_at.getTime() - row!.created_at.getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(24, 1);

      // Mail still goes to the confirmed address while the new one waits.
      await identity.json('/user/send-welcome-email', { method: 'POST', token: member.token, body: {} });
      expect(await mailTo(identity, member.email)).toHaveLength(1);
      expect((await mailTo(identity, wanted)).map((m) => m.subject)).toEqual(['Confirm your new email address for ELTS Club']);

      const opened = await openConfirmation(identity, token);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
      expect(opened.text).toContain(COPY.emailChange.confirmed(wanted));
      expect(await profileOf(member.token)).toMatchObject({ email: wanted, pendingEmail: null, firstname: 'Asha' });

      const again = await openConfirmation(identity, token);
      expect(again.status).toBe(400);
      expect(again.text).toContain(escapeHtml(COPY.emailChange.linkNotValid));
      expect((await profileOf(member.token)).email).toBe(wanted);
    });

    it.runIf(available)('refuses an expired link, a made-up one and one replaced by a later request', async () => {
      const member = await signUp(identity);
      const first = uniqueEmail('first');
      await updateProfile(identity, member.token, { email: first });
      const expired = await confirmationToken(identity, first);
      await sql`update contact_confirmations set expires_at = now() - interval '1 minute' where member_id = ${member.memberId}`.execute(
        identity.db,
      );
      expect((await profileOf(member.token)).pendingEmail).toBeNull();
      const late = await openConfirmation(identity, expired);
      expect(late.status).toBe(400);
      expect(late.text).toContain(escapeHtml(COPY.emailChange.linkNotValid));

      const second = uniqueEmail('second');
      const third = uniqueEmail('third');
      await updateProfile(identity, member.token, { email: second });
      const replaced = await confirmationToken(identity, second);
      await updateProfile(identity, member.token, { email: third });
      const current = await confirmationToken(identity, third);
      // The current token with its last character changed (to another one: 'A' when it ended in 'A' would be itself).
      const altered = `${current.slice(0, -1)}${current.endsWith('A') ? 'B' : 'A'}`;
      for (const token of [replaced, randomBytes(32).toString('base64url'), altered, 'short', '']) {
        expect((await openConfirmation(identity, token)).status, token).toBe(400);
      }
      expect((await identity.request('/user/confirm-email')).status).toBe(400);
      expect((await profileOf(member.token)).email).toBe(member.email);

      expect((await openConfirmation(identity, current)).status).toBe(200);
      expect((await profileOf(member.token)).email).toBe(third);
    });

    it.runIf(available)('answers alike for an address another member uses and a free one', async () => {
      const other = await signUp(identity);
      const asker = await signUp(identity);
      const free = uniqueEmail('free');
      const answers = [];
      for (const address of [other.email, free]) {
        const { status, body } = await updateProfile(identity, asker.token, { ...personalDetails, email: address.toUpperCase() });
        const { pendingEmail, ...profile } = body.data[0];
        expect(pendingEmail).toBe(address);
        answers.push({
          status,
          message: body.message.replace(address, '<address>'),
          profile,
          mails: (await mailTo(identity, address)).length,
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toMatchObject({ status: 200, mails: 1 });
      expect((await openConfirmation(identity, await confirmationToken(identity, free))).status).toBe(200);
      expect((await profileOf(asker.token)).email).toBe(free);
      expect((await profileOf(other.token)).email).toBe(other.email);
    });

    it.runIf(available)('saves step 01 as before when the email is unchanged', async () => {
      const member = await signUp(identity);
      const { status, body } = await updateProfile(identity, member.token, { ...personalDetails, email: member.email.toUpperCase() });
      expect(status).toBe(200);
      expect(body.message).toBe('Profile updated successfully!');
      expect(body.data[0]).toMatchObject({ email: member.email, pendingEmail: null, onboarding: { personalDetails: true } });
      expect(await pendingRow(member.memberId)).toBeUndefined();
    });

    it.runIf(available)('mails a member at most five links a day', async () => {
      const member = await signUp(identity);
      for (let i = 0; i < 5; i++) expect((await updateProfile(identity, member.token, { email: uniqueEmail(`try${i}`) })).status).toBe(200);
      const refused = await updateProfile(identity, member.token, { firstname: 'Kiran', email: uniqueEmail('sixth') });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(COPY.emailChange.tooManyRequests);
      expect((await profileOf(member.token)).firstname).toBe('Asha');
    });
  });

  describe('changing the mobile number (issue 34)', () => {
    const textsTo = async (mobile: string) =>
      (
        await sql<{ body_text: string }>`
          select body_text from text_message_outbox where recipient = ${`+91${mobile}`} order by created_at`.execute(identity.db)
      ).rows;
    const linkIn = (text: string | undefined) => text?.match(/\/user\/confirm-mobile\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const openMobileLink = async (token: string) => {
      const res = await identity.request(`/user/confirm-mobile?token=${encodeURIComponent(token)}`);
      return { status: res.status, text: await res.text() };
    };

    it.runIf(available)('takes the first mobile as typed, and a new one only once the link texted to it is opened', async () => {
      const member = await signUp(identity, uniqueEmail('mobile'), 'Asha Rao');
      // Onboarding's first mobile: nothing to prove it against, so it is saved.
      expect((await updateProfile(identity, member.token, personalDetails)).body.data[0].mobile).toBe('9876543210');

      // Name, birthday and a new mobile changed at once on the profile page: the others save, the mobile waits.
      const saved = await updateProfile(identity, member.token, {
        firstname: 'Asha',
        lastname: 'Rao-Menon',
        dob: '1994-04-02',
        mobile: '091234 56789',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe(`Profile updated successfully! ${COPY.mobileChange.linkSent('9123456789')}`);
      expect(saved.body.data[0]).toMatchObject({
        lastname: 'Rao-Menon',
        dob: '1994-04-02',
        mobile: '9876543210',
        pendingMobile: '9123456789',
      });
      const [text] = await textsTo('9123456789');
      expect(text?.body_text).toMatch(
        /^ELTS Club: to make \+91 9123456789 the mobile number of your account, open http:\/\/localhost:3000\/user\/confirm-mobile\?token=[A-Za-z0-9_-]{43} \(it works once, for 24 hours\)\. Did not ask\? Ignore this message\.$/,
      );
      expect(text?.body_text).not.toContain('Asha');
      const token = linkIn(text?.body_text);

      // An email link's token does not open the mobile's page, nor the other way round.
      expect((await openConfirmation(identity, token)).status).toBe(400);
      const opened = await openMobileLink(token);
      expect(opened.status).toBe(200);
      expect(opened.text).toContain(COPY.mobileChange.confirmed('9123456789'));
      expect(opened.text).toContain('Mobile number confirmed');
      expect(await profileOf(member.token)).toMatchObject({ mobile: '9123456789', pendingMobile: null, lastname: 'Rao-Menon' });
      const again = await openMobileLink(token);
      expect(again.status).toBe(400);
      expect(again.text).toContain(escapeHtml(COPY.mobileChange.linkNotValid));

      // The same number again, written another way, is no change.
      const same = await updateProfile(identity, member.token, { mobile: '+91 91234 56789' });
      expect(same.body.message).toBe('Profile updated successfully!');
      expect(await textsTo('9123456789')).toHaveLength(1);
    });

    it.runIf(available)('texts a member at most five links a day', async () => {
      const member = await signUp(identity);
      await updateProfile(identity, member.token, personalDetails);
      for (let i = 0; i < 5; i++) expect((await updateProfile(identity, member.token, { mobile: `912345670${i}` })).status).toBe(200);
      const refused = await updateProfile(identity, member.token, { mobile: '9123456709' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(COPY.mobileChange.tooManyRequests);
      // Only the latest link works: the four before it were ended by the next request.
      expect((await profileOf(member.token)).pendingMobile).toBe('9123456704');
    });
  });

  it.runIf(available)('changes only the calling member', async () => {
    const a = await signUp(identity, uniqueEmail('a'), 'Anil Shah');
    const b = await signUp(identity, uniqueEmail('b'), 'Bina Shah');
    await updateProfile(identity, a.token, { firstname: 'Anilkumar' });
    expect((await profileOf(a.token)).firstname).toBe('Anilkumar');
    expect((await profileOf(b.token)).firstname).toBe('Bina');
    expect((await profileOf(b.token)).id).toBe(b.memberId);
  });

  it.runIf(available)('sends the welcome email once, to the member only', async () => {
    const { token, email } = await signUp(identity, uniqueEmail('welcome'), 'Tara Iyer');
    for (let i = 0; i < 2; i++) {
      const res = await identity.json('/user/send-welcome-email', {
        method: 'POST',
        token,
        body: { email: 'someone.else@example.in', name: 'X' },
      });
      expect(res.status).toBe(200);
    }
    const mails = await sql<{
      recipient: string;
      subject: string;
      body_text: string;
    }>`select recipient, subject, body_text from mail_outbox where recipient = ${email}`.execute(identity.db);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({ subject: 'Welcome to ELTS Club' });
    expect(mails.rows[0]!.body_text).toContain('Hi Tara,');
    const strangers = await sql`select 1 from mail_outbox where recipient = 'someone.else@example.in'`.execute(identity.db);
    expect(strangers.rows).toHaveLength(0);
  });
});
