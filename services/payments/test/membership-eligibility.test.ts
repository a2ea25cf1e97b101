import { randomUUID } from 'node:crypto';
import { memberRegisteredEvent } from '@elts/contracts/testing';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersStandIn, registerMember, startPayments } from './helpers.js';

// The rules the subscription panel keeps on the screen, kept by the server too (spec section 5; docs/decisions/0116):
// a membership starts only for a member whose own profile has a first and last name and whose pincode is served.
describe.each(DATABASE_KINDS)('who may start a membership, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  let ordersAway = false;

  beforeAll(async () => {
    if (available)
      payments = await startPayments(
        kind,
        {},
        ordersStandIn(() => ordersAway),
      );
  });
  afterAll(async () => payments?.close());

  /** A member as identity announces them: names from registration, mobile, and the pincode given (or none). */
  async function member(options: { lastname?: string; pincode: string | null }) {
    const memberId = randomUUID();
    const email = `m.${memberId.slice(0, 8)}@example.in`;
    const lastname = options.lastname ?? 'Rao';
    await payments.source('identity').append(`member-${memberId}`, 0, [
      memberRegisteredEvent(memberId, { email, lastname }),
      {
        type: 'PersonalDetailsUpdated',
        data: { memberId, gender: 'female', dob: '1994-03-12', firstname: 'Asha', lastname, mobile: '9876543210', email },
      },
      ...(options.pincode
        ? [
            {
              type: 'ShippingDetailsUpdated',
              data: { memberId, address: '7 Park Street', professionAddress: '7 Park Street', pincode: options.pincode },
            },
          ]
        : []),
    ]);
    // Until the last of those events is projected: the consumer applies them one at a time.
    await eventually(async () => {
      const rows = await sql<{ mobile: string | null; pincode: string | null }>`
        select mobile, pincode from member_profiles where member_id = ${memberId}`.execute(payments.db);
      const profile = rows.rows[0];
      return profile?.mobile === '9876543210' && (options.pincode === null || String(profile.pincode) === options.pincode);
    });
    return { memberId, token: payments.memberSession(memberId).token };
  }

  const start = (token: string, body: Record<string, unknown> = {}) =>
    payments.json('/subscription/create-upi-mandate', { method: 'POST', token, body });
  const subscriptionsOf = async (memberId: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from subscriptions where member_id = ${memberId}`.execute(payments.db)).rows[0]?.n;

  it.runIf(available)('refuses a pincode the courier does not serve, saying so plainly, and starts nothing', async () => {
    const outside = await member({ pincode: '700016' });
    for (const path of ['/subscription/create-upi-mandate', '/api/subscription/create']) {
      const { status, body } = await payments.json(path, { method: 'POST', token: outside.token, body: {} });
      expect(status, path).toBe(400);
      const sentence = 'Deliveries have not reached 700016 yet, so a membership cannot start there for now.';
      expect(body, path).toMatchObject({ is_success: false, message: sentence, fields: { pincode: sentence } });
    }
    expect(await subscriptionsOf(outside.memberId)).toBe(0);
  });

  it.runIf(available)('refuses a member without a pincode, asking for one', async () => {
    const nowhere = await member({ pincode: null });
    const { status, body } = await start(nowhere.token);
    expect(status).toBe(400);
    expect(body.message).toBe('Please add your pin code to your shipping details before subscribing.');
    expect(await subscriptionsOf(nowhere.memberId)).toBe(0);
  });

  it.runIf(available)("needs the names on the member's own profile: names in the request do not stand in for them", async () => {
    const unnamed = await member({ lastname: '', pincode: '403001' });
    const { status, body } = await start(unnamed.token, { first_name: 'Asha', last_name: 'Rao', customer_name: 'Asha Rao' });
    expect(status).toBe(400);
    expect(body.message).toBe('Please complete your profile information before subscribing.');
    expect(await subscriptionsOf(unnamed.memberId)).toBe(0);
  });

  // Cashfree keeps at most 100 characters of a customer's email and name: longer ones are the member's to fix, a 400
  // naming the field before any subscription exists, not a gateway refusal that no retry cures.
  it.runIf(available)('refuses an email or a name longer than the gateway keeps, saying which, and starts nothing', async () => {
    const asha = await member({ pincode: '403001' });
    const longEmail = await start(asha.token, { customer_email: `${'a'.repeat(90)}@example.in` });
    expect(longEmail.status).toBe(400);
    expect(longEmail.body.message).toBe('Email must be at most 100 characters');
    const longName = await start(asha.token, { first_name: 'Asha', last_name: 'R'.repeat(96) });
    expect(longName.status).toBe(400);
    expect(longName.body.message).toBe('First and last name together must be at most 99 characters');
    const longProfileName = await member({ lastname: 'R'.repeat(96), pincode: '403001' });
    const fromProfile = await start(longProfileName.token);
    expect(fromProfile.status).toBe(400);
    expect(fromProfile.body.message).toBe('First and last name together must be at most 99 characters');
    expect(await subscriptionsOf(asha.memberId)).toBe(0);
    expect(await subscriptionsOf(longProfileName.memberId)).toBe(0);
  });

  it.runIf(available)('asks to try again when the pincode cannot be checked now, and starts for a served pincode', async () => {
    const served = await registerMember(payments, { pincode: '560001' });
    ordersAway = true;
    try {
      const away = await start(served.token);
      expect(away.status).toBe(503);
      expect(away.body.message).toBe('Service temporarily unavailable. Please try again shortly.');
    } finally {
      ordersAway = false;
    }
    expect(await subscriptionsOf(served.memberId)).toBe(0);
    const started = await start(served.token);
    expect(started.status).toBe(200);
    expect(started.body.data.payment_link).toMatch(/\/pay\/simulator\/mandates\//);
  });
});
