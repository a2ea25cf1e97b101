import {
  type adminBffOperations,
  atRiskCreationWindow,
  isPaymentAtRisk,
  type PaymentTimeouts,
  PURPOSES_WITHOUT_TIMEOUT,
  type QueryOf,
  rupeesOf,
  UNSETTLED_PAYMENT_STATUSES,
} from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import { indianDayRange, laterOf, likePattern, splitIntoDays, sumOf } from './filters.js';
import { inParallel } from './parallel.js';
import type { AdminDb } from './tables.js';
import { matchingMembers } from './users.js';

export type PaymentsQuery = QueryOf<typeof adminBffOperations.adminPayments>;

/** A timed-out payment: failed by the timeout workflow, or failed with a reason that says it timed out (a stored
 * column since migration 0005, so partial indexes and the aggregates share the one rule). */
export const TIMED_OUT = sql<boolean>`p.timed_out`;

type PaymentFilters = Omit<PaymentsQuery, 'page' | 'limit'>;

/** The time range the date filters and a rolling "last N days" leave. */
function paymentRange(filters: PaymentFilters, now: Date, sinceDays?: number) {
  const { from, to } = indianDayRange(filters.startDate, filters.endDate);
  const since = sinceDays ? new Date(now.getTime() - sinceDays * 24 * 3600_000) : undefined;
  return { from: laterOf(from, since), to };
}

/** Payments matching the status, type and free-text filters, created within `range`. */
function paymentsIn(db: Kysely<AdminDb>, filters: PaymentFilters, range: { from?: Date | undefined; to?: Date | undefined }) {
  // No join to users here: the search finds members by subquery, and a join (even one the planner removes) keeps
  // a deep page's OFFSET from walking the index alone. paymentsPage joins the page's rows.
  let query = db.selectFrom('payments as p');
  if (filters.status === 'timeout') query = query.where(TIMED_OUT);
  else if (filters.status) query = query.where('p.status', '=', filters.status);
  if (filters.paymentType) query = query.where('p.payment_type', '=', filters.paymentType);
  if (range.from) query = query.where('p.created_at', '>=', range.from);
  if (range.to) query = query.where('p.created_at', '<', range.to);
  if (filters.searchTerm) {
    const pattern = likePattern(filters.searchTerm);
    // One trigram index per column answers each arm; the members whose name or email match come from users' own
    // trigram indexes. (An OR across the joined tables would read every payment.)
    query = query.where('p.payment_id', 'in', (eb) =>
      eb
        .selectFrom('payments as s')
        .select('s.payment_id')
        .where((w) =>
          w.or([w('s.payment_id', 'ilike', pattern), w('s.order_id', 'ilike', pattern), w(sql`s.member_id::text`, 'ilike', pattern)]),
        )
        .union(eb.selectFrom('payments as s').select('s.payment_id').where('s.member_id', 'in', matchingMembers(db, pattern))),
    );
  }
  return query;
}

export function filteredPayments(db: Kysely<AdminDb>, filters: PaymentFilters, now: Date, sinceDays?: number) {
  return paymentsIn(db, filters, paymentRange(filters, now, sinceDays));
}

/**
 * One page of the payments `query` matches, newest (created or processed) first. The page's ids are found first on
 * payments alone (the unused join to users is removed by the planner, so a deep page walks an index, not a join);
 * then only those rows are read with their users.
 */
export function paymentsPage(
  db: Kysely<AdminDb>,
  query: ReturnType<typeof paymentsIn>,
  newest: 'p.created_at' | 'p.processed_at',
  page: number,
  limit: number,
) {
  const ids = query
    .select('p.payment_id')
    .orderBy(newest, 'desc')
    .orderBy('p.payment_id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit);
  return db
    .selectFrom('payments as p')
    .leftJoin('users as u', 'u.member_id', 'p.member_id')
    .where('p.payment_id', 'in', ids)
    .select([...paymentColumns])
    .orderBy(newest, 'desc')
    .orderBy('p.payment_id', 'desc')
    .execute();
}

/**
 * The payments matching the filters as counts and sums per type, status and timed-out flag: from the per-day
 * aggregate for whole Indian days, from the payments themselves for a partial first day (a rolling window) and for a
 * free-text search, which no aggregate can answer.
 */
export function paymentGroups(db: Kysely<AdminDb>, filters: PaymentFilters, now: Date, sinceDays?: number) {
  const fromRows = (range: { from?: Date | undefined; to?: Date | undefined }) =>
    paymentsIn(db, filters, range)
      .select((eb) => [
        'p.payment_type',
        'p.status',
        'p.timed_out',
        sql<string>`count(*)`.as('payments'),
        eb.fn.sum<string>('p.amount_paise').as('amount_paise'),
        sql<string>`sum(p.amount_paise - p.refunded_paise)`.as('net_paise'),
      ])
      .groupBy(['p.payment_type', 'p.status', 'p.timed_out']);
  const range = paymentRange(filters, now, sinceDays);
  if (filters.searchTerm) return fromRows(range);
  const { days, edge } = splitIntoDays(range);
  let whole = db
    .selectFrom('payment_day_stats as p')
    .select(['p.payment_type', 'p.status', 'p.timed_out', 'p.payments', 'p.amount_paise', 'p.net_paise']);
  if (filters.status === 'timeout') whole = whole.where('p.timed_out', '=', true);
  else if (filters.status) whole = whole.where('p.status', '=', filters.status);
  if (filters.paymentType) whole = whole.where('p.payment_type', '=', filters.paymentType);
  if (days.first) whole = whole.where('p.day', '>=', days.first);
  if (days.last) whole = whole.where('p.day', '<=', days.last);
  return edge ? whole.unionAll(fromRows(edge) as never) : whole;
}

export const paymentColumns = [
  'p.payment_id',
  'p.order_id',
  'p.member_id',
  'p.amount_paise',
  'p.currency',
  'p.payment_type',
  'p.status',
  'p.method',
  'p.gateway_payment_id',
  'p.failure_reason',
  'p.auto_failed',
  'p.timeout_minutes',
  'p.purpose',
  'p.created_at',
  'p.processed_at',
  'u.firstname',
  'u.lastname',
  'u.email',
] as const;

type PaymentRow = { [K in (typeof paymentColumns)[number] as K extends `${string}.${infer C}` ? C : never]: any };

/**
 * A payment row as the Payments page reads it (spec section 3, "Payment"), with `at_risk` decided at `now` by the
 * one at-risk rule, so the AT RISK tag and the Timeouts page never disagree.
 */
export function paymentView(row: PaymentRow, timeouts: PaymentTimeouts, now: Date) {
  const minutesPending = Math.floor((now.getTime() - new Date(row.created_at).getTime()) / 60_000);
  return {
    paymentId: row.payment_id,
    orderId: row.order_id,
    userId: row.member_id,
    user: row.email ? { firstname: row.firstname, lastname: row.lastname, email: row.email } : null,
    amount: rupeesOf(row.amount_paise),
    amount_paise: Number(row.amount_paise),
    currency: row.currency,
    paymentType: row.payment_type,
    status: row.status,
    paymentMethod: row.method,
    transactionId: row.gateway_payment_id,
    metadata: { auto_failed: row.auto_failed, timeout_minutes: row.timeout_minutes },
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at).toISOString(),
    processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
    minutes_pending: row.status === 'pending' || row.status === 'processing' ? minutesPending : null,
    at_risk: isPaymentAtRisk({ status: row.status, purpose: row.purpose, createdAt: row.created_at }, now, timeouts),
  };
}

/** The payments at risk at `now`: the at-risk rule (isPaymentAtRisk) as a query, for counts no page could hold. */
export function atRiskPayments(db: Kysely<AdminDb>, timeouts: PaymentTimeouts, now: Date) {
  const { createdAfter, createdBy } = atRiskCreationWindow(now, timeouts);
  return db
    .selectFrom('payments as p')
    .where('p.status', 'in', UNSETTLED_PAYMENT_STATUSES)
    .where('p.purpose', 'not in', PURPOSES_WITHOUT_TIMEOUT)
    .where('p.created_at', '>', createdAfter)
    .where('p.created_at', '<=', createdBy);
}

const SUCCESS = sql`g.status = 'success'`;
// A refund keeps no revenue of its own: what it gives back is taken off the refunded payment (its net_paise).
const REVENUE = sql`g.status = 'success' and g.payment_type <> 'refund'`;

/** One page of the Payments list and how many payments match. */
export function paymentsListPage(db: Kysely<AdminDb>, filters: PaymentFilters, now: Date, page: number, limit: number) {
  const query = filteredPayments(db, filters, now);
  return inParallel(
    () => paymentsPage(db, query, 'p.created_at', page, limit),
    () =>
      db
        .selectFrom(paymentGroups(db, filters, now).as('g'))
        .select(sumOf('g.payments').as('n'))
        .executeTakeFirstOrThrow(),
  );
}

/** The Payments page's stat cards: how many, the revenue, and how many succeeded, are pending, failed or timed out. */
export function paymentStats(db: Kysely<AdminDb>, filters: PaymentFilters, now: Date, days?: number) {
  return db
    .selectFrom(paymentGroups(db, filters, now, days).as('g'))
    .select([
      sumOf('g.payments').as('total'),
      sumOf('g.net_paise', REVENUE).as('revenue'),
      sumOf('g.payments', SUCCESS).as('successful'),
      sumOf('g.payments', sql`g.status in ('pending', 'processing')`).as('pending'),
      sumOf('g.payments', sql`g.status = 'failed'`).as('failed'),
      sumOf('g.payments', sql`g.timed_out`).as('timed_out'),
    ])
    .executeTakeFirstOrThrow();
}

/** One page of the timed-out payments, how many there are with the amount lost, and both per payment type. */
export function timedOutPaymentsPage(
  db: Kysely<AdminDb>,
  filters: PaymentFilters,
  now: Date,
  days: number | undefined,
  page: number,
  limit: number,
) {
  const query = filteredPayments(db, filters, now, days).where(TIMED_OUT);
  const timedOut = db.selectFrom(paymentGroups(db, filters, now, days).as('g')).where('g.timed_out', '=', true);
  return inParallel(
    () => paymentsPage(db, query, 'p.processed_at', page, limit),
    () => timedOut.select([sumOf('g.payments').as('n'), sumOf('g.amount_paise').as('lost')]).executeTakeFirstOrThrow(),
    () =>
      timedOut
        .select(['g.payment_type', sumOf('g.payments').as('n'), sumOf('g.amount_paise').as('amount')])
        .groupBy('g.payment_type')
        // Aggregate rows a payment has left stay at zero: a type is listed only while it has timed-out payments.
        .having(sql`sum(g.payments)`, '>', 0)
        .orderBy('g.payment_type')
        .execute(),
  );
}

/** The Timeouts page's overview: payments, successful and timed out (a refund is money going back: not counted). */
export function timeoutOverview(db: Kysely<AdminDb>, now: Date, days?: number) {
  return db
    .selectFrom(paymentGroups(db, {}, now, days).as('g'))
    .where('g.payment_type', '!=', 'refund')
    .select([
      sumOf('g.payments').as('total'),
      sumOf('g.payments', SUCCESS).as('successful'),
      sumOf('g.payments', sql`g.timed_out`).as('timed_out'),
    ])
    .executeTakeFirstOrThrow();
}

/** The payments at risk at `now`: the first 100, oldest first, and how many there are (the count is not capped). */
export function atRiskPaymentList(db: Kysely<AdminDb>, timeouts: PaymentTimeouts, now: Date) {
  const atRiskWindow = atRiskPayments(db, timeouts, now);
  return inParallel(
    () =>
      atRiskWindow
        .select(['p.payment_id', 'p.order_id', 'p.payment_type', 'p.amount_paise', 'p.created_at'])
        .orderBy('p.created_at')
        .limit(100)
        .execute(),
    () => atRiskWindow.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}
