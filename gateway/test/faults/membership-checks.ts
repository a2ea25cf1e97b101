import { eventually } from '@elts/platform/testing';
import type { Membership, MembershipKind } from './members.js';
import type { Topology } from './topology.js';

/**
 * How every membership must end, and the money rules it must keep, read from the payments service's own tables and
 * from the Cashfree emulator's records (the gateway's side: what was really debited and refunded).
 */

interface SubscriptionRow {
  subscription_id: string;
  status: string;
  cycle: number;
  end_date: Date | null;
}
interface ChargeRow {
  payment_id: string;
  subscription_id: string;
  status: string;
}

/** `<subscription>-C<cycle>-A<attempt>`: the cycle a renewal charge was raised for. */
const cycleOf = (paymentId: string) => Number(/-C(\d+)-A\d+$/.exec(paymentId)?.[1]);

const ENDS: Record<MembershipKind, string> = {
  renews: 'active and renewed for every cycle that ended, or expired when its renewal came too late to charge',
  declines: 'expired',
  'opts out': 'expired',
  abandons: 'failed (its first payment timed out)',
};

/**
 * Whether a membership has ended as its kind must. A renewing one is renewed when charged and expires when not: an
 * outage that delays its renewal past the point where the charge still fits the cycle (decision 0032) ends it, and
 * the money checks below make sure nothing was kept for it then.
 */
function reachedItsEnd(kind: MembershipKind, row: SubscriptionRow, now: number): boolean {
  if (kind === 'renews')
    return row.status === 'expired' || (row.status === 'active' && row.end_date !== null && row.end_date.getTime() > now);
  return row.status === (kind === 'abandons' ? 'failed' : 'expired');
}

/**
 * What is wrong with these memberships now, one sentence each (none once they have all ended right): each ended as
 * its member's choices say; no cycle was charged twice at the gateway; every charge the gateway kept renewed its
 * membership (any other was refunded), and every renewal was paid by a charge kept; a membership that ended has no
 * mandate left active at the gateway; no transition was recorded twice; the back office shows the same statuses.
 */
export async function membershipProblems(topology: Topology, memberships: Membership[]): Promise<string[]> {
  const ids = memberships.map((m) => m.subscriptionId);
  const payments = <Row>(text: string, values: unknown[] = [ids]) => topology.query<Row>('payments', text, values);
  const [rows, cashfree, renewals, repeated, shown] = await Promise.all([
    payments<SubscriptionRow>('select subscription_id, status, cycle, end_date from subscriptions where subscription_id = any($1)'),
    topology.cashfreeRecords(),
    payments<{ subscription_id: string; payment_id: string; cycle: number }>(
      `select data->>'subscriptionId' as subscription_id, data->>'paymentId' as payment_id, (data->>'cycle')::int as cycle
       from events where type = 'SubscriptionRenewed' and data->>'subscriptionId' = any($1)`,
    ),
    // A transition recorded twice: per subscription (by the payment or cycle it is about), per cycle's credit, per payment.
    payments<{ stream_id: string; type: string; key: string }>(
      `select stream_id, type, key from (
         select stream_id, type,
           case when type in ('SubscriptionRenewed', 'MembershipCreditGranted') then concat(data->>'subscriptionId', '/', data->>'cycle')
             else coalesce(data->>'paymentId', '') end as key
         from events
         where type in ('SubscriptionActivated', 'SubscriptionRenewed', 'SubscriptionExpired', 'SubscriptionFailed', 'SubscriptionCancelled',
           'RenewalNoticeSent', 'RenewalChargeFailed', 'MembershipCreditGranted', 'PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded')
       ) transitions group by 1, 2, 3 having count(*) > 1`,
      [],
    ),
    topology.query<{ subscription_id: string; status: string }>(
      'admin-bff',
      'select subscription_id, status from subscriptions where subscription_id = any($1)',
      [ids],
    ),
  ]);
  const now = Date.now();
  // At the gateway: the mandates, their renewal debits (an authorisation is no charge) and what was given back.
  const mandates = cashfree.subscriptions.filter((s) => ids.includes(s.subscription_id));
  const charges: ChargeRow[] = mandates.flatMap((m) =>
    m.payments
      .filter((p) => p.payment_type === 'CHARGE')
      .map((p) => ({ payment_id: p.payment_id, subscription_id: m.subscription_id, status: p.payment_status })),
  );
  const refunded = new Set(mandates.flatMap((m) => m.refunds.filter((r) => r.refund_status !== 'FAILED').map((r) => r.payment_id)));
  const renewedBy = new Map(renewals.map((r) => [r.payment_id, r]));
  const problems = repeated.map((r) => `${r.type} recorded more than once in ${r.stream_id} (${r.key})`);

  for (const { kind, subscriptionId: id } of memberships) {
    const row = rows.find((r) => r.subscription_id === id);
    const name = `${id} (${kind})`;
    if (!row) {
      problems.push(`${name}: lost, the member was given it but payments has no record of it`);
      continue;
    }
    if (!reachedItsEnd(kind, row, now)) {
      const ends = row.end_date ? `, its cycle ${row.end_date.getTime() < now ? 'ended' : 'ends'} ${row.end_date.toISOString()}` : '';
      problems.push(`${name}: ${row.status} in cycle ${row.cycle}${ends}; expected ${ENDS[kind]}`);
    }
    const taken = charges.filter((c) => c.subscription_id === id && c.status === 'SUCCESS');
    const kept = taken.filter((c) => !refunded.has(c.payment_id));
    for (const cycle of new Set(kept.map((c) => cycleOf(c.payment_id))))
      if (kept.filter((c) => cycleOf(c.payment_id) === cycle).length > 1)
        problems.push(`${name}: charged twice for cycle ${cycle}: ${kept.map((c) => c.payment_id).join(', ')}`);
    for (const charge of kept)
      if (!renewedBy.has(charge.payment_id)) problems.push(`${name}: ${charge.payment_id} was debited and kept, and renewed nothing`);
    const renewed = renewals.filter((r) => r.subscription_id === id);
    for (const renewal of renewed)
      if (!kept.some((c) => c.payment_id === renewal.payment_id) || cycleOf(renewal.payment_id) !== renewal.cycle - 1)
        problems.push(
          `${name}: renewed into cycle ${renewal.cycle} by ${renewal.payment_id}, which the gateway did not keep for that cycle`,
        );
    if (kind !== 'renews' && renewed.length > 0) problems.push(`${name}: renewed ${renewed.length} time(s)`);
    if (kind === 'renews' && row.status === 'active' && renewed.length !== row.cycle - 1)
      problems.push(`${name}: in cycle ${row.cycle} after ${renewed.length} renewal(s)`);
    const mandate = mandates.find((m) => m.subscription_id === id)?.status;
    if (row.status !== 'active' && mandate === 'ACTIVE')
      problems.push(`${name}: ${row.status}, but its mandate is still active at the gateway`);
    const backOffice = shown.find((s) => s.subscription_id === id)?.status ?? 'nothing';
    if (backOffice !== row.status) problems.push(`${name}: the back office shows ${backOffice}, payments ${row.status}`);
  }
  return problems;
}

/** Waits until every membership has ended right (see `membershipProblems`), and fails with what is still wrong. */
export async function expectMembershipsSettled(topology: Topology, memberships: Membership[], timeoutMs: number): Promise<void> {
  let problems: string[] = [];
  await eventually(
    async () => {
      problems = await membershipProblems(topology, memberships);
      return problems.length === 0;
    },
    timeoutMs,
    1000,
  ).catch(() => {
    throw new Error(`${problems.length} problem(s) with ${memberships.length} memberships:\n${problems.join('\n')}\n${topology.output()}`);
  });
}
