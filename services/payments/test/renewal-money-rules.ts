import { sql } from '@elts/platform';
import { eventually, type ServiceHarness } from '@elts/platform/testing';
import type { RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { cashfreeIn, current, decideMandate, registerMember, subscribe, type TestMember } from './helpers.js';

/**
 * The money rules of the renewal cycle (docs/decisions/0032-renewal-money-rules.md): one scenario table, run on each
 * workflow driver by a file of its own (renewal-money-rules.test.ts on the embedded timers table,
 * renewal-money-rules-temporal.test.ts on Temporal), so the embedded half need not wait for the Temporal server.
 * Each scenario uses the real clock, shortened: a 40 s membership whose renewal starts 30 s before its end, an 8 s
 * "24 hours" between the pre-debit notice and the charge, and the charge asked about once, 5 s after its date.
 */
export const CLOCK = {
  MEMBERSHIP_PERIOD_SECONDS: '40',
  RENEWAL_LEAD_SECONDS: '30',
  RENEWAL_NOTICE_TO_CHARGE_SECONDS: '8',
  RENEWAL_CHECK_DELAY_SECONDS: '5',
  RENEWAL_RETRY_SECONDS: '2',
  RENEWAL_MAX_ATTEMPTS: '2',
  // One check (5 s after the charge date), then the checks give up: what 72 hourly checks do after three days.
  RENEWAL_MAX_CHECKS: '1',
};
const NOTICE_MS = 8_000;
const CHECK_DELAY_MS = 5_000;
const PERIOD_MS = 40_000;
/** How long after a membership's end its expiry may take to be recorded, on a shared, loaded machine. */
const EXPIRY_MARGIN_MS = 20_000;
const FEE_PAISE = 117_882;

export interface Rig {
  payments: ServiceHarness;
  close(): Promise<void>;
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** What one scenario sees of the service and of the Cashfree emulator's records in its process. */
function lookAt(payments: ServiceHarness) {
  const rows = async <T>(query: RawBuilder<T>) => (await query.execute(payments.db)).rows;
  const atCashfree = (subscriptionId: string) => cashfreeIn(payments).state.subscriptions.get(subscriptionId);
  return {
    async active(): Promise<{ member: TestMember; subscriptionId: string; endsAt: number }> {
      const member = await registerMember(payments);
      const started = await subscribe(payments, member);
      await decideMandate(payments, started.payment_link, 'success');
      await eventually(async () => (await current(payments, member)).subscription?.status === 'active');
      const { subscription } = await current(payments, member);
      return { member, subscriptionId: started.subscription_id, endsAt: Date.parse(subscription.end_date) };
    },
    async toggle(member: TestMember, autoRenewal: boolean) {
      const answer = await payments.json('/api/subscription/toggle-auto-renewal', {
        method: 'POST',
        token: member.token,
        body: { autoRenewal },
      });
      if (answer.status !== 200) throw new Error(`toggle answered ${answer.status}`);
    },
    status: async (member: TestMember): Promise<string> => (await current(payments, member)).subscription.status,
    events: (subscriptionId: string) =>
      rows<{ type: string; data: any }>(
        sql`select type, data from events where stream_id = ${`subscription-${subscriptionId}`} order by stream_version`,
      ),
    paymentEvents: (paymentId: string) =>
      rows<{ type: string; data: any }>(
        sql`select type, data from events where stream_id = ${`payment-${paymentId}`} order by stream_version`,
      ),
    /** The pre-debit notice of a charge, once it went out. */
    async notice(paymentId: string, timeoutMs = 20_000): Promise<{ chargeOn: number; noticedAt: number }> {
      let found: { chargeOn: number; noticedAt: number } | undefined;
      await eventually(async () => {
        const row = (
          await rows<{ data: any; recorded_at: Date }>(
            sql`select data, recorded_at from events where type = 'RenewalNoticeSent' and data->>'paymentId' = ${paymentId}`,
          )
        )[0];
        if (row) found = { chargeOn: Date.parse(row.data.chargeOn), noticedAt: row.recorded_at.getTime() };
        return row !== undefined;
      }, timeoutMs);
      return found!;
    },
    gatewayCharges: async (subscriptionId: string) =>
      [...(atCashfree(subscriptionId)?.payments.values() ?? [])]
        .filter((payment) => payment.payment_type === 'CHARGE')
        .map((charge) => ({ payment_id: charge.payment_id, status: charge.payment_status })),
    gatewayRefunds: async (subscriptionId: string) =>
      (atCashfree(subscriptionId)?.refunds ?? []).map((refund) => ({
        refund_id: refund.refund_id,
        amount_paise: Math.round(refund.refund_amount * 100),
      })),
    gatewayMandate: async (subscriptionId: string): Promise<string | undefined> => atCashfree(subscriptionId)?.entity.subscription_status,
    /** The membership ended without a renewal, and none of its charges kept money for nothing. */
    async expectEndedUnrenewed(expect: ExpectStatic, member: TestMember, subscriptionId: string): Promise<void> {
      expect(await this.status(member)).toBe('expired');
      expect((await this.events(subscriptionId)).map((e) => e.type)).not.toContain('SubscriptionRenewed');
      expect(await this.moneyKeptForNothing(subscriptionId)).toEqual([]);
    },
    /**
     * Every renewal charge that took money either renewed the membership or was refunded in full, exactly once:
     * the list of those that did neither (money kept for nothing) or were refunded wrongly.
     */
    async moneyKeptForNothing(subscriptionId: string): Promise<string[]> {
      const paid = await rows<{ payment_id: string; amount_paise: string }>(
        sql`select payment_id, amount_paise from payments where subscription_id = ${subscriptionId} and purpose = 'renewal' and status = 'success'`,
      );
      const renewals = (await this.events(subscriptionId)).filter((e) => e.type === 'SubscriptionRenewed').map((e) => e.data.paymentId);
      const problems: string[] = [];
      for (const charge of paid) {
        const refunds = (await this.paymentEvents(charge.payment_id)).filter((e) => e.type === 'PaymentRefunded');
        const renewed = renewals.includes(charge.payment_id);
        if (!renewed && refunds.length === 0) problems.push(`${charge.payment_id}: paid, neither renewed nor refunded`);
        if (refunds.length > 1) problems.push(`${charge.payment_id}: refunded ${refunds.length} times`);
        if (refunds.some((r) => r.data.amountPaise !== Number(charge.amount_paise)))
          problems.push(`${charge.payment_id}: not refunded in full`);
        if (renewed && refunds.length > 0) problems.push(`${charge.payment_id}: renewed and refunded`);
      }
      return problems;
    },
  };
}

type Look = ReturnType<typeof lookAt>;

interface Scenario {
  name: string;
  run(look: Look, payments: ServiceHarness, expect: ExpectStatic): Promise<void>;
}

const scenarios: Scenario[] = [
  {
    name: 'rule 1: auto-renewal turned off after the notice, before the charge date: the charge is called off at the gateway, nothing is taken, no renewal',
    async run(look, _payments, expect) {
      const { member, subscriptionId } = await look.active();
      const paymentId = `${subscriptionId}-C1-A1`;
      const { chargeOn } = await look.notice(paymentId);
      await look.toggle(member, false);
      expect(Date.now(), 'turned off before the charge date').toBeLessThan(chargeOn);
      await eventually(async () => (await look.status(member)) !== 'active', PERIOD_MS);
      expect(await look.status(member)).toBe('expired');
      expect(await look.gatewayCharges(subscriptionId)).toEqual([{ payment_id: paymentId, status: 'CANCELLED' }]);
      expect((await look.paymentEvents(paymentId)).map((e) => e.type)).toEqual(['PaymentInitiated', 'PaymentFailed']);
      expect((await look.events(subscriptionId)).map((e) => e.type)).not.toContain('SubscriptionRenewed');
      expect(await look.gatewayRefunds(subscriptionId)).toEqual([]);
      expect(await look.moneyKeptForNothing(subscriptionId)).toEqual([]);
    },
  },
  {
    name: 'rule 1: turned off once the gateway can no longer call the charge off: the debit is refunded in full, once, at once, and renews nothing',
    async run(look, _payments, expect) {
      const { member, subscriptionId } = await look.active();
      const paymentId = `${subscriptionId}-C1-A1`;
      const { chargeOn } = await look.notice(paymentId);
      // Past the charge date (the debit is with the bank), before the charge is first asked about.
      await sleepUntil(chargeOn + 500);
      await look.toggle(member, false);
      expect(Date.now(), 'turned off before the charge was asked about').toBeLessThan(chargeOn + CHECK_DELAY_MS);
      await eventually(async () => (await look.paymentEvents(paymentId)).some((e) => e.type === 'PaymentRefunded'), 15_000);
      expect((await look.paymentEvents(paymentId)).map((e) => e.type)).toEqual([
        'PaymentInitiated',
        'PaymentSucceeded',
        'RefundRequested',
        // Taken by Cashfree (INITIATED), then processed by the bank.
        'RefundAccepted',
        'PaymentRefunded',
      ]);
      expect(await look.gatewayRefunds(subscriptionId)).toEqual([{ refund_id: `RF-${paymentId}`, amount_paise: FEE_PAISE }]);
      await eventually(async () => (await look.status(member)) !== 'active', PERIOD_MS);
      await look.expectEndedUnrenewed(expect, member, subscriptionId);
    },
  },
  {
    name: 'rule 1: turned off and on again before the charge date: the called-off charge stays off, the next attempt renews',
    async run(look, payments, expect) {
      const { member, subscriptionId, endsAt } = await look.active();
      const first = `${subscriptionId}-C1-A1`;
      const second = `${subscriptionId}-C1-A2`;
      const { chargeOn } = await look.notice(first);
      await look.toggle(member, false);
      await look.toggle(member, true);
      expect(Date.now(), 'toggled before the charge date').toBeLessThan(chargeOn);
      await look.notice(second, 5_000);
      await eventually(async () => (await look.events(subscriptionId)).some((e) => e.type === 'SubscriptionRenewed'), 20_000);
      expect(await look.gatewayCharges(subscriptionId)).toEqual([
        { payment_id: first, status: 'CANCELLED' },
        { payment_id: second, status: 'SUCCESS' },
      ]);
      expect((await look.events(subscriptionId)).find((e) => e.type === 'SubscriptionRenewed')?.data.paymentId).toBe(second);
      const { subscription } = await current(payments, member);
      expect(Date.parse(subscription.end_date)).toBe(endsAt + PERIOD_MS);
      expect(await look.gatewayRefunds(subscriptionId)).toEqual([]);
      expect(await look.moneyKeptForNothing(subscriptionId)).toEqual([]);
    },
  },
  {
    name: 'rule 2: auto-renewal turned on inside the notice period before the end: no notice, no charge, the membership ends, nothing kept',
    async run(look, _payments, expect) {
      const { member, subscriptionId, endsAt } = await look.active();
      await look.toggle(member, false);
      // Less than the notice period is left: a charge now would be dated after the end.
      await sleepUntil(endsAt - NOTICE_MS + 2_000);
      await look.toggle(member, true);
      await eventually(async () => (await look.status(member)) !== 'active', 15_000);
      // Long enough for a charge dated after the end to have been taken and asked about.
      await sleepUntil(endsAt + 2_000 + CHECK_DELAY_MS + 2_000);
      expect(await look.status(member)).toBe('expired');
      expect((await look.events(subscriptionId)).map((e) => e.type)).not.toContain('RenewalNoticeSent');
      expect(await look.gatewayCharges(subscriptionId)).toEqual([]);
      expect(await look.moneyKeptForNothing(subscriptionId)).toEqual([]);
    },
  },
  {
    name: 'rule 2: a charge dated before the end whose check would come after it renews the membership: the expiry asks the gateway first',
    async run(look, payments, expect) {
      const { member, subscriptionId, endsAt } = await look.active();
      await look.toggle(member, false);
      // Charge dated about 3.5 s before the end, asked about 1.5 s after it.
      await sleepUntil(endsAt - NOTICE_MS - 3_500);
      await look.toggle(member, true);
      const paymentId = `${subscriptionId}-C1-A1`;
      const { chargeOn } = await look.notice(paymentId, 5_000);
      expect(chargeOn, 'the charge is dated before the end').toBeLessThanOrEqual(endsAt);
      expect(chargeOn + CHECK_DELAY_MS, 'its first check falls after the end').toBeGreaterThan(endsAt);
      await eventually(async () => (await look.events(subscriptionId)).some((e) => e.type === 'SubscriptionRenewed'), 15_000);
      const types = (await look.events(subscriptionId)).map((e) => e.type);
      expect(types).not.toContain('SubscriptionExpired');
      const { subscription } = await current(payments, member);
      expect(subscription).toMatchObject({ status: 'active', auto_renewal: true, mandate: { status: 'active' } });
      expect(Date.parse(subscription.end_date)).toBe(endsAt + PERIOD_MS);
      expect(await look.gatewayMandate(subscriptionId)).toBe('ACTIVE');
      expect(await look.gatewayRefunds(subscriptionId)).toEqual([]);
      expect(await look.moneyKeptForNothing(subscriptionId)).toEqual([]);
    },
  },
  {
    name: 'rule 2 and 3: a debit still pending when its checks gave up, settled only after the membership expired, is refunded in full; the mandate was cancelled at the expiry',
    async run(look, payments, expect) {
      const { member, subscriptionId } = await look.active();
      const paymentId = `${subscriptionId}-C1-A1`;
      const held = await payments.json(`/pay/simulator/subscriptions/${subscriptionId}/next-charge`, {
        method: 'POST',
        token: payments.adminSession().token,
        body: { outcome: 'PENDING' },
      });
      expect(held.status).toBe(200);
      await look.notice(paymentId);
      await eventually(async () => (await look.gatewayCharges(subscriptionId))[0]?.status === 'PENDING', 20_000);
      await eventually(async () => (await look.status(member)) !== 'active', PERIOD_MS);
      expect(await look.status(member)).toBe('expired');
      await eventually(async () => (await look.gatewayMandate(subscriptionId)) === 'CANCELLED', 5_000);
      // The bank lets the debit through after all.
      const released = await payments.json(`/pay/simulator/subscriptions/${subscriptionId}/next-charge`, {
        method: 'POST',
        token: payments.adminSession().token,
        body: { outcome: 'SUCCESS' },
      });
      expect(released.status).toBe(200);
      await eventually(async () => (await look.paymentEvents(paymentId)).some((e) => e.type === 'PaymentRefunded'), 10_000);
      expect(await look.gatewayRefunds(subscriptionId)).toEqual([{ refund_id: `RF-${paymentId}`, amount_paise: FEE_PAISE }]);
      await look.expectEndedUnrenewed(expect, member, subscriptionId);
    },
  },
  {
    name: 'rule 2: a debit still pending when its checks gave up, paid by a late webhook while the cycle runs: the membership renews, nothing refunded',
    async run(look, payments, expect) {
      const { member, subscriptionId, endsAt } = await look.active();
      const paymentId = `${subscriptionId}-C1-A1`;
      const held = await payments.json(`/pay/simulator/subscriptions/${subscriptionId}/next-charge`, {
        method: 'POST',
        token: payments.adminSession().token,
        body: { outcome: 'PENDING' },
      });
      expect(held.status).toBe(200);
      const { chargeOn } = await look.notice(paymentId);
      // Past its one check: the charge stays pending and nothing asks about it again before the cycle's end.
      await sleepUntil(chargeOn + CHECK_DELAY_MS + 2_000);
      const unsettled = (await look.paymentEvents(paymentId)).map((e) => e.type);
      expect(unsettled).not.toContain('PaymentSucceeded');
      expect(unsettled).not.toContain('PaymentFailed');
      expect(Date.now(), 'the checks gave up before the end').toBeLessThan(endsAt - 5_000);
      const released = await payments.json(`/pay/simulator/subscriptions/${subscriptionId}/next-charge`, {
        method: 'POST',
        token: payments.adminSession().token,
        body: { outcome: 'SUCCESS' },
      });
      expect(released.status).toBe(200);
      await eventually(async () => (await look.events(subscriptionId)).some((e) => e.type === 'SubscriptionRenewed'), 10_000);
      expect(Date.now(), 'renewed by the webhook, not by the expiry asking').toBeLessThan(endsAt);
      const { subscription } = await current(payments, member);
      expect(subscription).toMatchObject({ status: 'active', auto_renewal: true });
      expect(Date.parse(subscription.end_date)).toBe(endsAt + PERIOD_MS);
      expect(await look.gatewayRefunds(subscriptionId)).toEqual([]);
      expect(await look.moneyKeptForNothing(subscriptionId)).toEqual([]);
    },
  },
  {
    name: 'rule 3: the mandate of a membership that expired, was cancelled or was revoked is cancelled at the gateway',
    async run(look, payments, expect) {
      const expiring = await look.active();
      await look.toggle(expiring.member, false);
      const cancelled = await look.active();
      const revoked = await look.active();
      expect(
        (
          await payments.json('/api/subscription/cancel', {
            method: 'POST',
            token: cancelled.member.token,
            body: { reason: 'No longer needed' },
          })
        ).status,
      ).toBe(200);
      const { subscription } = await current(payments, revoked.member);
      expect(
        (
          await payments.json(`/subscription/revoke-mandate/${encodeURIComponent(subscription.mandate.mandate_id)}`, {
            method: 'PUT',
            token: revoked.member.token,
          })
        ).status,
      ).toBe(200);
      expect(await look.gatewayMandate(cancelled.subscriptionId)).toBe('CANCELLED');
      expect(await look.gatewayMandate(revoked.subscriptionId)).toBe('CANCELLED');
      expect(await look.gatewayMandate(expiring.subscriptionId)).toBe('ACTIVE');
      // Its end, plus time for the expiry step on a loaded machine (the wait used to start after the two others were
      // made, leaving it only the seconds they took, and failed under load on Temporal).
      await eventually(async () => (await look.status(expiring.member)) === 'expired', expiring.endsAt - Date.now() + EXPIRY_MARGIN_MS);
      await eventually(async () => (await look.gatewayMandate(expiring.subscriptionId)) === 'CANCELLED', 5_000);
      expect((await current(payments, expiring.member)).subscription.mandate.status).toBe('cancelled');
    },
  },
];

/** The scenarios on one driver, started by `start` (none run when `available` is false: the file says why). */
export function describeRenewalMoneyRules(driver: string, available: boolean, start: () => Promise<Rig>): void {
  describe(`renewal money rules on ${driver}`, () => {
    let rig: Rig | undefined;
    beforeAll(async () => {
      if (available) rig = await start();
    }, 120_000);
    afterAll(async () => {
      await rig?.close();
    });

    // Concurrent: each scenario waits on its own membership's clock, so together they take as long as the longest.
    it.runIf(available).concurrent.for(scenarios)('$name', { timeout: 120_000 }, async (scenario, { expect }) => {
      await scenario.run(lookAt(rig!.payments), rig!.payments, expect);
    });
  });
}
