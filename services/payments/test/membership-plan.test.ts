import { sql } from '@elts/platform';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { PLAN_CONFLICT_MESSAGE } from '../src/commands/memberships.js';
import { MEMBERSHIP_PLAN } from '../src/processes/membership/process-manager.js';
import { registerMember } from './helpers.js';
import { usePaymentsOnCashfreeEmulator } from './on-cashfree-emulator.js';

// Cashfree plans cannot be edited: a plan with the membership's id but other terms (made by hand, or by an older
// price) is not used for a mandate. The member reads a sentence (409), not a bare 500 (docs/decisions/0090).
describe.each(DATABASE_KINDS)("the membership's plan at Cashfree, on %s", (kind) => {
  const { available, on } = usePaymentsOnCashfreeEmulator(kind);

  it.runIf(available)(
    'refuses to start a membership under a plan of our id with other terms, saying so, and makes no mandate',
    async () => {
      const member = await registerMember(on.payments);
      on.cashfree.failNext({
        method: 'GET',
        path: new RegExp(`^/plans/${MEMBERSHIP_PLAN.planId}$`),
        status: 200,
        body: {
          plan_id: MEMBERSHIP_PLAN.planId,
          plan_name: 'Annual membership',
          plan_type: 'PERIODIC',
          plan_currency: 'INR',
          plan_max_amount: 999,
          plan_recurring_amount: 999,
          plan_interval_type: 'YEAR',
          plan_intervals: 1,
          plan_max_cycles: null,
          plan_note: null,
          plan_status: 'ACTIVE',
        },
      });
      const refused = await on.payments.json('/subscription/create-upi-mandate', { method: 'POST', token: member.token, body: {} });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ is_success: false, message: PLAN_CONFLICT_MESSAGE });
      expect(on.cashfree.requestsTo('POST', '/subscriptions')).toHaveLength(0);
      const rows = await sql<{ n: number }>`select count(*)::int as n from subscriptions where member_id = ${member.memberId}`.execute(
        on.payments.db,
      );
      expect(rows.rows[0]?.n).toBe(0);

      // The plan as ours (found or made with our terms): the membership starts.
      const started = await on.payments.json('/subscription/create-upi-mandate', { method: 'POST', token: member.token, body: {} });
      expect(started.status).toBe(200);
      expect(on.cashfree.requestsTo('POST', '/subscriptions')).toHaveLength(1);
    },
  );
});
