import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashfreeIn, current, decideMandate, registerMember, startPayments, subscribe, type TestMember } from './helpers.js';

// Cycles of 11 s; renewal starts 10 s before the end; a day's notice is 1 s here, retries 1 s apart, 3 attempts.
const SHORT = {
  MEMBERSHIP_PERIOD_SECONDS: '11',
  RENEWAL_LEAD_SECONDS: '10',
  RENEWAL_NOTICE_TO_CHARGE_SECONDS: '1',
  RENEWAL_CHECK_DELAY_SECONDS: '1',
  RENEWAL_RETRY_SECONDS: '1',
  RENEWAL_MAX_ATTEMPTS: '3',
};

interface EventRow {
  type: string;
  data: any;
  recorded_at: Date;
}

describe.each(DATABASE_KINDS)('membership renewal on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;

  beforeAll(async () => {
    if (available) payments = await startPayments(kind, SHORT);
  });
  afterAll(async () => payments?.close());

  async function activeMember(): Promise<{ member: TestMember; subscriptionId: string }> {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    return { member, subscriptionId: started.subscription_id };
  }

  const subscriptionEvents = async (subscriptionId: string) =>
    (
      await sql<EventRow>`select type, data, recorded_at from events where stream_id = ${`subscription-${subscriptionId}`} order by stream_version`.execute(
        payments.db,
      )
    ).rows;

  /** The renewal charges raised at the (emulated) Cashfree on a mandate, in the order they were raised. */
  const chargesAtCashfree = (subscriptionId: string) =>
    [...(cashfreeIn(payments).state.subscriptions.get(subscriptionId)?.payments.values() ?? [])].filter(
      (payment) => payment.payment_type === 'CHARGE',
    );

  it.runIf(available)('sends the pre-debit notice before raising the charge of the same amount, then renews', async () => {
    const { member, subscriptionId } = await activeMember();
    const before = await current(payments, member);
    await eventually(async () => (await subscriptionEvents(subscriptionId)).some((e) => e.type === 'SubscriptionRenewed'), 15_000);
    const events = await subscriptionEvents(subscriptionId);
    const notice = events.find((e) => e.type === 'RenewalNoticeSent')!;
    const renewed = events.find((e) => e.type === 'SubscriptionRenewed')!;
    expect(notice.data).toMatchObject({ cycle: 1, attempt: 1, amountPaise: 117_882 });
    expect(new Date(notice.data.chargeOn).getTime() - notice.recorded_at.getTime()).toBeGreaterThanOrEqual(1000);
    expect(renewed.recorded_at.getTime()).toBeGreaterThan(new Date(notice.data.chargeOn).getTime());
    expect(renewed.data).toMatchObject({ cycle: 2, startDate: before.subscription.end_date });
    const charges = chargesAtCashfree(subscriptionId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ payment_amount: 1178.82, payment_status: 'SUCCESS' });
    const after = await current(payments, member);
    expect(new Date(after.subscription.end_date).getTime()).toBeGreaterThan(new Date(before.subscription.end_date).getTime());
    // A second year's credit is granted, and a second invoice issued.
    const invoices = await sql<{ n: number }>`select count(*)::int as n from invoices where member_id = ${member.memberId}`.execute(
      payments.db,
    );
    expect(invoices.rows[0]!.n).toBe(2);
  });

  it.runIf(available)('retries a failed charge up to three times, each with its own notice and id, then expires', async () => {
    const { member, subscriptionId } = await activeMember();
    const nextCharge = (token: string) =>
      payments.json(`/pay/simulator/subscriptions/${subscriptionId}/next-charge`, { method: 'POST', token, body: { outcome: 'FAILED' } });
    // The simulated bank's answer is an admin's control: neither a visitor nor the member may make a renewal fail.
    for (const token of ['', member.token]) expect((await nextCharge(token)).status).toBe(401);
    expect((await nextCharge(payments.adminSession().token)).status).toBe(200);
    await eventually(async () => (await current(payments, member)).subscription.status === 'expired', 20_000);
    const events = await subscriptionEvents(subscriptionId);
    expect(events.filter((e) => e.type === 'RenewalNoticeSent').map((e) => e.data.attempt)).toEqual([1, 2, 3]);
    expect(events.filter((e) => e.type === 'RenewalChargeFailed').map((e) => e.data.attempt)).toEqual([1, 2, 3]);
    expect(chargesAtCashfree(subscriptionId).map((charge) => charge.payment_id)).toEqual([
      `${subscriptionId}-C1-A1`,
      `${subscriptionId}-C1-A2`,
      `${subscriptionId}-C1-A3`,
    ]);
    expect(events.at(-2)?.type).toBe('SubscriptionExpired');
  });

  it.runIf(available)('does not renew when auto-renewal is off: the membership expires at its end', async () => {
    const { member, subscriptionId } = await activeMember();
    await payments.json('/api/subscription/toggle-auto-renewal', { method: 'POST', token: member.token, body: { autoRenewal: false } });
    await eventually(async () => (await current(payments, member)).subscription.status === 'expired', 15_000);
    const events = await subscriptionEvents(subscriptionId);
    expect(events.some((e) => e.type === 'RenewalNoticeSent')).toBe(false);
  });
});
