import { randomBytes } from 'node:crypto';
import { MEMBERSHIP_CREDIT, ORDER_ID_PREFIXES, SUBSCRIPTION_PRICE } from '@elts/contracts';
import {
  AppError,
  badRequest,
  conflict,
  type NewEvent,
  notFound,
  retryOnConcurrency,
  type StoredEvent,
  type UnitOfWork,
} from '@elts/platform';
import { afterFailedCharge, chargeDate, chargeFitsCycle, renewalPaymentId, shouldRenew } from '@elts/workflows';
import { sql } from 'kysely';
import { decideFailure, foldPayment, type PaymentState, paymentStream } from '../domain/payment.js';
import {
  type ActivationVerdict,
  activationVerdict,
  decideActivation,
  decideAuthorizationFailure,
  decideAutoRenewal,
  decideCancellation,
  decideExpiry,
  decideRenewal,
  foldSubscription,
  type RenewalVerdict,
  renewalVerdict,
  renewedBy,
  type SubscriptionState,
  subscriptionStream,
} from '../domain/subscription.js';
import { GatewayError } from '../gateway/payment-gateway.js';
import type { PaymentsDb } from '../store/tables.js';
import { type PaymentsContext, record } from './context.js';
import { issueInvoiceFor, membershipInvoiceDescription, type Recipient, resolveRecipient } from './invoices.js';
import { loadPayment, newPaymentId, paymentInitiated, type SettlementOutcome, settleFromGateway } from './payments.js';
import { refundPayment } from './refunds.js';

export const MEMBERSHIP_PLAN = {
  planId: 'elts-annual-membership',
  name: 'Annual membership',
  maxAmountPaise: SUBSCRIPTION_PRICE.totalPaise,
  note: 'Annual membership, Rs 999 + 18% GST',
} as const;

// The prefix is how /order tells a membership from a product order by its id alone (contracts order-ids.ts).
const newSubscriptionId = () => `${ORDER_ID_PREFIXES.subscription}${randomBytes(6).toString('hex').toUpperCase()}`;

export interface CustomerDetails {
  name: string;
  email: string;
  phone: string;
}

export interface StartedMembership {
  subscriptionId: string;
  sessionId: string;
  authorizationLink: string | null;
  reused: boolean;
}

async function loadSubscription(unit: Pick<UnitOfWork<PaymentsDb>, 'readStream'>, subscriptionId: string) {
  const history = await unit.readStream(subscriptionStream(subscriptionId));
  return { history, state: foldSubscription(history) };
}

/** Changes a subscription with `decide`, retrying once on a concurrent write; `after` runs in the same unit. */
async function changeSubscription(
  context: PaymentsContext,
  subscriptionId: string,
  decide: (state: SubscriptionState, unit: UnitOfWork<PaymentsDb>, history: StoredEvent[]) => NewEvent[] | Promise<NewEvent[]>,
  after?: (unit: UnitOfWork<PaymentsDb>, state: SubscriptionState, changed: boolean) => Promise<void>,
) {
  return retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const { history, state } = await loadSubscription(unit, subscriptionId);
      if (!state) throw notFound('Subscription not found');
      const stored = await record(unit, subscriptionStream(subscriptionId), history.length, await decide(state, unit, history));
      await after?.(unit, state, stored.length > 0);
      return { state, stored };
    }),
  );
}

/**
 * Starts a membership: a UPI AutoPay mandate whose authorisation debits the first year's fee. A member with a live
 * membership is refused; one whose attempt is still open gets that attempt back rather than a second mandate.
 */
export async function startMembership(context: PaymentsContext, memberId: string, customer: CustomerDetails): Promise<StartedMembership> {
  const latest = await context.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (latest?.status === 'active') throw conflict('You already have an active membership.');
  if (latest?.status === 'pending') {
    const payment = await context.db
      .selectFrom('payments')
      .select('status')
      .where('payment_id', '=', latest.latest_payment_id ?? '')
      .executeTakeFirst();
    if (payment && (payment.status === 'pending' || payment.status === 'processing')) {
      return {
        subscriptionId: latest.subscription_id,
        sessionId: latest.session_id,
        authorizationLink: latest.authorization_link,
        reused: true,
      };
    }
  }
  const subscriptionId = newSubscriptionId();
  const paymentId = newPaymentId();
  const { gateway, settings } = context;
  await gateway.ensurePlan(MEMBERSHIP_PLAN);
  const mandate = await gateway.createSubscription(
    {
      subscriptionId,
      plan: MEMBERSHIP_PLAN,
      customer: { id: memberId.replace(/-/g, ''), ...customer },
      authorizationAmountPaise: SUBSCRIPTION_PRICE.totalPaise,
      returnUrl: `${settings.PUBLIC_URL.replace(/\/$/, '')}/order?order_id=${subscriptionId}`,
      expiresAt: new Date(Date.now() + 20 * 365 * 24 * 3600_000),
      note: MEMBERSHIP_PLAN.note,
    },
    subscriptionId,
  );
  const now = new Date();
  const initiated = paymentInitiated(
    context,
    {
      paymentId,
      orderId: subscriptionId,
      memberId,
      amountPaise: SUBSCRIPTION_PRICE.totalPaise,
      paymentType: 'subscription',
      purpose: 'membership',
      subscriptionId,
      withTimeout: true,
    },
    now,
  );
  await context.events.transact(async (unit) => {
    await record(unit, subscriptionStream(subscriptionId), 0, [
      {
        type: 'SubscriptionRequested',
        data: {
          subscriptionId,
          memberId,
          planType: 'annual',
          frequency: 'yearly',
          amountPaise: SUBSCRIPTION_PRICE.totalPaise,
          currency: 'INR',
          autoRenewal: true,
          paymentId,
          gateway: gateway.kind,
          sessionId: mandate.sessionId,
          authorizationLink: mandate.authorizationLink ?? null,
        },
        metadata: { actor: `member:${memberId}` },
      },
      {
        type: 'SubscriptionStatusChanged',
        data: { subscriptionId, memberId, status: 'pending', validUntil: null },
      },
    ]);
    await record(unit, paymentStream(paymentId), 0, [initiated]);
  });
  await context.workflows.paymentStarted({
    paymentId,
    atRiskAt: new Date(initiated.data.atRiskAt as string),
    timeoutAt: new Date(initiated.data.timeoutAt as string),
  });
  return { subscriptionId, sessionId: mandate.sessionId, authorizationLink: mandate.authorizationLink ?? null, reused: false };
}

/**
 * The first payment settled: the membership starts (with its credit and its invoice), or the attempt fails and its
 * mandate is cancelled at the gateway so the old link cannot be approved after the member retried. Money that still
 * arrives for an attempt that may not start (it had ended, or the member is already a member) is given back.
 */
export async function onMembershipPaymentSettled(context: PaymentsContext, payment: PaymentState): Promise<void> {
  const subscriptionId = payment.subscriptionId;
  if (!subscriptionId) return;
  if (payment.phase === 'failed') {
    await changeSubscription(context, subscriptionId, (state) => decideAuthorizationFailure(state, 'The first payment did not go through'));
    await cancelMandate(context, subscriptionId).catch((error) =>
      // Not fatal: should the mandate still be approved, the activation is refused and the money refunded.
      context.logger.warn({ err: error, subscriptionId }, 'could not cancel the mandate of a failed attempt'),
    );
    return;
  }
  if (payment.phase !== 'success') return;
  const gatewaySubscription = await context.gateway.getSubscription(subscriptionId);
  const recipient = await resolveRecipient(context, payment.memberId);
  const now = new Date();
  let verdict = 'already_active' as ActivationVerdict;
  const result = await changeSubscription(
    context,
    subscriptionId,
    async (state, unit) => {
      // One member's activations take turns, so two attempts approved at once cannot both start.
      await sql`select pg_advisory_xact_lock(hashtext(${`membership:${state.memberId}`}))`.execute(unit.db);
      const otherActive = await unit.db
        .selectFrom('subscriptions')
        .select('subscription_id')
        .where('member_id', '=', state.memberId)
        .where('status', '=', 'active')
        .where('subscription_id', '<>', state.subscriptionId)
        .executeTakeFirst();
      verdict = activationVerdict(state, otherActive !== undefined);
      return decideActivation(
        state,
        {
          mandateId: gatewaySubscription.authorization?.reference ?? gatewaySubscription.gatewaySubscriptionId,
          method: gatewaySubscription.authorization?.method ?? 'upi',
          maxAmountPaise: MEMBERSHIP_PLAN.maxAmountPaise,
        },
        now,
        context.membership,
        otherActive !== undefined,
      );
    },
    async (unit, _state, changed) => {
      if (!changed) return;
      const { state } = await loadSubscription(unit, subscriptionId);
      if (state) await grantCreditAndInvoice(context, unit, state, payment, recipient);
    },
  );
  if (verdict === 'refuse')
    await refundStaleAttempt(context, payment, subscriptionId).catch((error) =>
      // The payment is settled, so nothing will ask about it again: an operator must refund it by hand.
      context.logger.error({ err: error, paymentId: payment.paymentId, subscriptionId }, 'could not refund a stale membership attempt'),
    );
  if (result.stored.length > 0) await announceCycle(context, subscriptionId);
}

/**
 * Reconciliation's net for first payments and renewal charges that succeeded but whose outcome was never applied (a
 * crash between the two, or a refund the gateway would not make yet): applies it again, which is idempotent: the
 * membership starts or renews, or the money goes back. Looks back three days; a refund still refused after that
 * needs an operator (logged).
 */
export async function finishSettledMemberships(context: PaymentsContext, batch: number): Promise<number> {
  const settledBefore = new Date(Date.now() - context.settings.RECONCILE_PENDING_AFTER_SECONDS * 1000);
  // Payment streams are named `payment-<id>` (paymentStream); activations and renewals name their payment in
  // `paymentId`.
  const unfinished = await sql<{ payment_id: string }>`select p.payment_id from payments p
    where p.purpose in ('membership', 'renewal') and p.status = 'success'
      and p.processed_at < ${settledBefore} and p.processed_at > now() - interval '3 days'
      and not exists (select 1 from events e where e.stream_id = 'payment-' || p.payment_id and e.type = 'PaymentRefunded')
      and not exists (select 1 from events e where e.type in ('SubscriptionActivated', 'SubscriptionRenewed')
        and e.data->>'paymentId' = p.payment_id)
    order by p.processed_at limit ${batch}`.execute(context.db);
  let finished = 0;
  for (const { payment_id } of unfinished.rows) {
    const payment = await loadPayment(context, payment_id);
    if (!payment) continue;
    try {
      if (payment.purpose === 'renewal') await onRenewalPaymentSettled(context, payment);
      else await onMembershipPaymentSettled(context, payment);
      finished++;
    } catch (error) {
      context.logger.warn({ err: error, paymentId: payment_id }, 'reconciliation could not finish a membership payment');
    }
  }
  return finished;
}

/** A stale attempt's mandate was approved after all: cancel that mandate and refund its first debit. */
async function refundStaleAttempt(context: PaymentsContext, payment: PaymentState, subscriptionId: string): Promise<void> {
  context.logger.warn(
    { paymentId: payment.paymentId, subscriptionId },
    'money arrived for a membership attempt that may not start; refunding',
  );
  await cancelMandate(context, subscriptionId);
  const row = await context.db
    .selectFrom('payments')
    .select('gateway_payment_id')
    .where('payment_id', '=', payment.paymentId)
    .executeTakeFirst();
  await refundInFull(
    context,
    payment,
    subscriptionId,
    row?.gateway_payment_id ?? payment.paymentId,
    'The membership attempt had already ended',
  );
}

/** Refunds a subscription payment in full, under one refund id per payment so a repeat cannot refund it twice. */
async function refundInFull(
  context: PaymentsContext,
  payment: PaymentState,
  subscriptionId: string,
  gatewayPaymentId: string,
  reason: string,
): Promise<void> {
  await refundPayment(
    context,
    payment.paymentId,
    {
      orderId: subscriptionId,
      refundId: `RF-${payment.paymentId}`,
      amountPaise: payment.amountPaise,
      note: reason,
      subscriptionPayment: { subscriptionId, paymentId: gatewayPaymentId },
    },
    reason,
  );
}

/** The year's credit, and its invoice unless the member's place of supply is not known yet (then reconciliation issues it). */
async function grantCreditAndInvoice(
  context: PaymentsContext,
  unit: UnitOfWork<PaymentsDb>,
  state: SubscriptionState,
  payment: PaymentState,
  recipient: Recipient | undefined,
) {
  await record(unit, `credit-${state.memberId}`, 'any', [
    {
      type: 'MembershipCreditGranted',
      data: {
        memberId: state.memberId,
        subscriptionId: state.subscriptionId,
        cycle: state.cycle,
        amountPaise: MEMBERSHIP_CREDIT.perYearPaise,
        expiresAt: (state.endDate as Date).toISOString(),
      },
    },
  ]);
  if (recipient) await issueInvoiceFor(context, unit, payment, recipient, membershipInvoiceDescription(state.cycle));
}

async function announceCycle(context: PaymentsContext, subscriptionId: string): Promise<void> {
  const { state } = await loadSubscription(context.events, subscriptionId);
  if (state?.status === 'active' && state.endDate) {
    await context.workflows.membershipCycleStarted({
      subscriptionId,
      cycle: state.cycle,
      endDate: state.endDate,
      autoRenewal: state.autoRenewal,
    });
  }
}

/**
 * Renewal of a cycle, attempt n. The notice is recorded first (our mail follows from it, and Cashfree sends its own
 * with the charge), which fixes the charge date at least the notice period later; then the charge is raised for
 * that date. The charge's id is keyed by (subscription, cycle, attempt), so running this step again, whole or after
 * a crash between the halves, sends one notice and raises one charge.
 *
 * A charge the gateway could debit after the cycle's end is not raised, and no notice goes out for it: it would pay
 * for a year that may be over by then (auto-renewal switched on inside the notice period, or a retry that no
 * longer fits). That renewal gives up and the membership ends with its cycle.
 */
export async function beginRenewal(context: PaymentsContext, subscriptionId: string, cycle: number, attempt: number): Promise<void> {
  const paymentId = renewalPaymentId(subscriptionId, cycle, attempt);
  const notice = await context.events.transact(async (unit) => {
    const { history, state } = await loadSubscription(unit, subscriptionId);
    if (!state || state.cycle !== cycle || !shouldRenew(state.status, state.autoRenewal)) return undefined;
    const sent = history.find(
      (event) => event.type === 'RenewalNoticeSent' && (event.data as { paymentId: string }).paymentId === paymentId,
    );
    if (sent) return { state, chargeOn: new Date((sent.data as { chargeOn: string }).chargeOn) };
    const noticeAt = new Date();
    // The gateway may debit later than the instant asked for (Cashfree takes a date): the charge is dated where the
    // whole notice period has passed, and must be debited by the cycle's end.
    const window = context.gateway.chargeWindow(chargeDate(noticeAt, context.membership));
    if (!state.endDate || !chargeFitsCycle(window.until, state.endDate)) return 'too_late' as const;
    const chargeOn = window.from;
    await record(unit, paymentStream(paymentId), 0, [
      paymentInitiated(
        context,
        {
          paymentId,
          orderId: subscriptionId,
          memberId: state.memberId,
          amountPaise: state.amountPaise,
          paymentType: 'subscription',
          purpose: 'renewal',
          subscriptionId,
          withTimeout: false,
        },
        noticeAt,
      ),
    ]);
    await record(unit, subscriptionStream(subscriptionId), history.length, [
      {
        type: 'RenewalNoticeSent',
        data: {
          subscriptionId,
          memberId: state.memberId,
          cycle,
          attempt,
          paymentId,
          amountPaise: state.amountPaise,
          chargeOn: chargeOn.toISOString(),
        },
      },
    ]);
    return { state, chargeOn };
  });
  if (notice === 'too_late') {
    context.logger.info({ subscriptionId, cycle, attempt }, 'too late to charge before the cycle ends: no notice, no charge');
    return;
  }
  if (!notice) return;
  try {
    await context.gateway.raiseCharge(
      {
        subscriptionId,
        paymentId,
        amountPaise: notice.state.amountPaise,
        scheduledFor: notice.chargeOn,
        remarks: `Membership renewal, year ${cycle + 1}`,
      },
      paymentId,
    );
  } catch (error) {
    if (!(error instanceof GatewayError) || error.retryable) throw error;
    await failRenewalPayment(context, paymentId, `The renewal charge could not be raised: ${error.message}`);
    return;
  }
  await context.workflows.renewalChargeRaised({ subscriptionId, cycle, attempt, paymentId, chargeOn: notice.chargeOn });
  // Auto-renewal turned off (or the membership ended) while the charge was being raised: the toggle's call-off may
  // have reached the gateway before the charge did, so it is called off here too.
  const { state } = await loadSubscription(context.events, subscriptionId);
  if (state && !wantsRenewal(state, cycle)) await callOffRenewalCharge(context, subscriptionId, paymentId, callOffReason(state));
}

/** Whether the member still wants the cycle's renewal charge taken: the cycle is running and auto-renewal is on. */
function wantsRenewal(state: SubscriptionState, cycle: number): boolean {
  return state.cycle === cycle && shouldRenew(state.status, state.autoRenewal);
}

function callOffReason(state: SubscriptionState): string {
  if (state.status === 'active' && !state.autoRenewal) return 'Renewal called off: auto-renewal was turned off';
  if (state.status === 'expired') return 'Renewal called off: the membership had ended';
  if (state.status === 'cancelled' || state.status === 'revoked') return `Renewal called off: the membership was ${state.status}`;
  return 'Renewal called off';
}

async function failRenewalPayment(context: PaymentsContext, paymentId: string, reason: string): Promise<void> {
  const stored = await context.events.transact(async (unit) => {
    const history = await unit.readStream(paymentStream(paymentId));
    const payment = foldPayment(history);
    if (!payment) return [];
    return record(
      unit,
      paymentStream(paymentId),
      history.length,
      decideFailure(payment, { reason, method: 'upi', autoFailed: false, timeoutMinutes: null }),
    );
  });
  const payment = stored.length > 0 ? foldPayment(await context.events.readStream(paymentStream(paymentId))) : undefined;
  if (payment) await onRenewalPaymentSettled(context, payment);
}

/**
 * Calls a raised renewal charge off at the gateway, and ends its payment (failed, nothing taken) once the gateway
 * confirms. True when called off. A charge the gateway no longer calls off (with the bank, paid) or cannot be asked
 * about now is left: should it take the money, `onRenewalPaymentSettled` refunds it in full.
 */
async function callOffRenewalCharge(context: PaymentsContext, subscriptionId: string, paymentId: string, reason: string): Promise<boolean> {
  let charge: Awaited<ReturnType<PaymentsContext['gateway']['cancelCharge']>>;
  try {
    charge = await context.gateway.cancelCharge(subscriptionId, paymentId);
  } catch (error) {
    // 404: not at the gateway yet; the step raising it checks again once it is.
    if (!(error instanceof GatewayError) || error.status !== 404)
      context.logger.warn({ err: error, subscriptionId, paymentId }, 'could not call off a renewal charge; a debit will be refunded');
    return false;
  }
  await failRenewalPayment(context, paymentId, charge.status === 'FAILED' ? (charge.failureReason ?? reason) : reason);
  return true;
}

/** Calls off every renewal charge of the subscription still open in our records (see `callOffRenewalCharge`). */
async function callOffOpenRenewalCharges(context: PaymentsContext, subscriptionId: string, reason: string): Promise<void> {
  const open = await context.db
    .selectFrom('payments')
    .select('payment_id')
    .where('subscription_id', '=', subscriptionId)
    .where('purpose', '=', 'renewal')
    .where('status', 'in', ['pending', 'processing'])
    .execute();
  for (const { payment_id } of open) await callOffRenewalCharge(context, subscriptionId, payment_id, reason);
}

/**
 * The charge-check step: asks the gateway about a renewal charge. One still open that the member no longer wants
 * (auto-renewal turned off, membership ended) is called off again, should the first call-off not have got through.
 * One already settled in our records (by a webhook, or called off) answers how, so its checks stop.
 */
export async function checkRenewalCharge(context: PaymentsContext, paymentId: string): Promise<SettlementOutcome> {
  const outcome = await settleFromGateway(context, paymentId);
  if (outcome !== 'unchanged') return outcome;
  const payment = await loadPayment(context, paymentId);
  if (payment?.phase === 'success') return 'succeeded';
  if (payment?.phase === 'failed') return 'failed';
  const cycle = payment ? chargeOf(payment.paymentId)?.cycle : undefined;
  if (!payment?.subscriptionId || cycle === undefined) return outcome;
  const { state } = await loadSubscription(context.events, payment.subscriptionId);
  if (!state || wantsRenewal(state, cycle)) return outcome;
  return (await callOffRenewalCharge(context, payment.subscriptionId, paymentId, callOffReason(state))) ? 'failed' : outcome;
}

/** The cycle and attempt a renewal charge's id names (`<subscription>-C<cycle>-A<attempt>`). */
function chargeOf(paymentId: string): { cycle: number; attempt: number } | undefined {
  const match = /-C(\d+)-A(\d+)$/.exec(paymentId);
  return match ? { cycle: Number(match[1]), attempt: Number(match[2]) } : undefined;
}

/**
 * A renewal charge settled. A failure is recorded and retried while the member still wants the renewal. A success
 * renews the membership for another cycle only if it may (`renewalVerdict`: the cycle it was raised for is still
 * running and auto-renewal is on); any other success is refunded in full at once: no money is kept for a year the
 * member does not get or no longer wanted.
 */
export async function onRenewalPaymentSettled(context: PaymentsContext, payment: PaymentState): Promise<void> {
  if (!payment.subscriptionId) return;
  const charge = chargeOf(payment.paymentId);
  if (!charge) return;
  const { cycle, attempt } = charge;
  const subscriptionId = payment.subscriptionId;
  const { state } = await loadSubscription(context.events, subscriptionId);
  if (!state) return;
  if (payment.phase === 'failed') {
    const row = await context.db
      .selectFrom('payments')
      .select('failure_reason')
      .where('payment_id', '=', payment.paymentId)
      .executeTakeFirst();
    await recordRenewalFailure(context, state, cycle, attempt, payment.paymentId, row?.failure_reason ?? 'The renewal charge failed');
    return;
  }
  if (payment.phase !== 'success') return;
  const recipient = await resolveRecipient(context, payment.memberId);
  let verdict = 'refund' as RenewalVerdict;
  let decidedOn = state as SubscriptionState;
  const result = await changeSubscription(
    context,
    subscriptionId,
    (current, _unit, history) => {
      decidedOn = current;
      verdict = renewalVerdict(current, cycle, renewedBy(history, payment.paymentId));
      return verdict === 'renew' ? decideRenewal(current, cycle, payment.paymentId, context.membership) : [];
    },
    async (unit, _state, changed) => {
      if (!changed) return;
      const { state: renewed } = await loadSubscription(unit, subscriptionId);
      if (renewed) await grantCreditAndInvoice(context, unit, renewed, payment, recipient);
    },
  );
  if (verdict === 'refund') {
    await refundRenewalCharge(context, payment, refundReason(decidedOn, cycle)).catch((error) =>
      // Reconciliation (finishSettledMemberships) tries again for three days; after that an operator must.
      context.logger.error({ err: error, paymentId: payment.paymentId, subscriptionId }, 'could not refund a renewal charge'),
    );
    return;
  }
  if (result.stored.length > 0) await announceCycle(context, subscriptionId);
}

function refundReason(state: SubscriptionState, cycle: number): string {
  if (state.cycle !== cycle) return 'The membership had already been renewed for that year';
  if (state.status !== 'active')
    return `The membership had ${state.status === 'expired' ? 'expired' : `been ${state.status}`} before the renewal charge went through`;
  return 'Auto-renewal was turned off before the renewal charge went through';
}

/**
 * Gives a renewal charge back in full, once: its refund id is fixed (`RF-<payment>`), the gateway's anchor, and a
 * payment already refunded is left alone. The refund is of that subscription payment (our charge id at the gateway).
 */
async function refundRenewalCharge(context: PaymentsContext, payment: PaymentState, reason: string): Promise<void> {
  const history = await context.events.readStream(paymentStream(payment.paymentId));
  if (history.some((event) => event.type === 'PaymentRefunded')) return;
  const subscriptionId = payment.subscriptionId as string;
  context.logger.warn({ paymentId: payment.paymentId, subscriptionId, reason }, 'refunding a renewal charge that renews nothing');
  // A renewal charge is known at the gateway by our own payment id.
  await refundInFull(context, payment, subscriptionId, payment.paymentId, reason);
}

async function recordRenewalFailure(
  context: PaymentsContext,
  state: SubscriptionState,
  cycle: number,
  attempt: number,
  paymentId: string,
  reason: string,
) {
  const stored = await context.events.transact(async (unit) =>
    record(unit, subscriptionStream(state.subscriptionId), 'any', [
      {
        type: 'RenewalChargeFailed',
        data: { subscriptionId: state.subscriptionId, memberId: state.memberId, cycle, attempt, paymentId, reason },
      },
    ]),
  );
  if (stored.length === 0) return;
  // No retry once the member turned auto-renewal off or the membership ended; switching it back on starts the
  // next attempt (autoRenewalChangedSteps).
  const { state: now } = await loadSubscription(context.events, state.subscriptionId);
  if (!now || !wantsRenewal(now, cycle)) return;
  const next = afterFailedCharge(attempt, new Date(), context.membership);
  if (next !== 'give_up')
    await context.workflows.renewalRetryDue({
      subscriptionId: state.subscriptionId,
      cycle,
      attempt: attempt + 1,
      at: next.retryAt,
    });
}

/**
 * The end of a cycle: a membership that was not renewed by then expires, and its mandate is cancelled at the
 * gateway with any renewal charge still open. A charge of the cycle that the gateway has already debited renews
 * instead (its check may come only after the end), so those are asked about first.
 */
export async function expireCycle(context: PaymentsContext, subscriptionId: string, cycle: number): Promise<void> {
  await applyCycleCharges(context, subscriptionId, cycle);
  const result = await changeSubscription(context, subscriptionId, (state) => decideExpiry(state, cycle, new Date()));
  if (result.stored.length > 0) await context.workflows.membershipEnded(subscriptionId);
  // Done again whenever the step runs again (an activity retried after the gateway was away): both ends are idempotent.
  const { state } = await loadSubscription(context.events, subscriptionId);
  if (state?.status === 'expired' && state.cycle === cycle) await closeAtGateway(context, subscriptionId, callOffReason(state));
}

/** Settles the cycle's open renewal charges from the gateway, and applies any success (renewing, or refunding). */
async function applyCycleCharges(context: PaymentsContext, subscriptionId: string, cycle: number): Promise<void> {
  const charges = await context.db
    .selectFrom('payments')
    .select(['payment_id', 'status'])
    .where('subscription_id', '=', subscriptionId)
    .where('purpose', '=', 'renewal')
    .where('payment_id', 'like', `${subscriptionId}-C${cycle}-A%`)
    .execute();
  for (const charge of charges) {
    if (charge.status === 'pending' || charge.status === 'processing') {
      try {
        await settleFromGateway(context, charge.payment_id);
      } catch (error) {
        // The cycle still ends on time; a debit that lands later is refunded.
        context.logger.warn({ err: error, paymentId: charge.payment_id }, 'could not ask about a renewal charge at the end of its cycle');
      }
    }
    // Applied here even if another step settled it a moment ago and is still applying it: renewing is idempotent,
    // and it must happen before the expiry is decided.
    const payment = await loadPayment(context, charge.payment_id);
    if (payment?.phase === 'success') await onRenewalPaymentSettled(context, payment);
  }
}

/** A membership that ended: its open renewal charges are called off and its mandate cancelled at the gateway. */
async function closeAtGateway(context: PaymentsContext, subscriptionId: string, reason: string): Promise<void> {
  await cancelMandate(context, subscriptionId);
  await callOffOpenRenewalCharges(context, subscriptionId, reason);
}

async function memberSubscription(context: PaymentsContext, memberId: string, subscriptionId?: string) {
  let query = context.db.selectFrom('subscriptions').selectAll().where('member_id', '=', memberId);
  if (subscriptionId) query = query.where('subscription_id', '=', subscriptionId);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/**
 * Cancelling, or revoking the mandate, ends the membership at once: the mandate is cancelled at the gateway, a
 * renewal charge still open is called off, and no renewal follows. `mandateId` (revocation) must be the member's own
 * active mandate.
 */
export async function endMembership(
  context: PaymentsContext,
  memberId: string,
  options: { reason: string; revoke: boolean; mandateId?: string },
) {
  const current = await memberSubscription(context, memberId);
  if (!current) throw notFound('No subscription found');
  if (options.revoke) {
    if (!options.mandateId || current.mandate_id !== options.mandateId || current.mandate_status !== 'active') {
      throw badRequest('No active mandate found to revoke.');
    }
  } else if (current.status !== 'active' && current.status !== 'pending') {
    throw new AppError(409, 'conflict', 'There is no active subscription to cancel.');
  }
  // The mandate first: a cancellation recorded while the mandate stays live could not be asked for again.
  await cancelMandate(context, current.subscription_id);
  const result = await changeSubscription(context, current.subscription_id, (state) =>
    decideCancellation(state, options.reason, options.revoke),
  );
  if (result.stored.length > 0) await context.workflows.membershipEnded(current.subscription_id);
  // After the cancellation, so a charge called off here is not retried; a debit that lands anyway is refunded.
  const { state } = await loadSubscription(context.events, current.subscription_id);
  if (state) await callOffOpenRenewalCharges(context, current.subscription_id, callOffReason(state));
}

/** Cancels a mandate at the gateway; one the gateway will not cancel (never authorised, already ended) is left be. */
async function cancelMandate(context: PaymentsContext, subscriptionId: string): Promise<void> {
  try {
    await context.gateway.cancelSubscription(subscriptionId);
  } catch (error) {
    if (!(error instanceof GatewayError) || error.retryable) throw error;
    context.logger.warn({ err: error, subscriptionId }, 'gateway would not cancel the mandate');
  }
}

/**
 * The auto-renewal toggle. Turning it off also calls off, at the gateway, a renewal charge already raised for the
 * cycle: the pre-debit notice promised the member that turning it off before the charge date stops the renewal.
 */
export async function setAutoRenewal(context: PaymentsContext, memberId: string, autoRenewal: boolean): Promise<void> {
  const current = await memberSubscription(context, memberId);
  if (!current || (current.status !== 'active' && current.status !== 'pending')) throw notFound('No active subscription found');
  const result = await changeSubscription(context, current.subscription_id, (state) => decideAutoRenewal(state, autoRenewal));
  if (result.stored.length > 0) {
    const { state } = await loadSubscription(context.events, current.subscription_id);
    if (state)
      await context.workflows.autoRenewalChanged({
        subscriptionId: state.subscriptionId,
        cycle: state.cycle,
        endDate: state.endDate,
        autoRenewal,
      });
  }
  // Also when it was off already: asking again retries a call-off the gateway could not take the first time.
  if (!autoRenewal) await callOffOpenRenewalCharges(context, current.subscription_id, 'Renewal called off: auto-renewal was turned off');
}
