import { randomBytes } from 'node:crypto';
import { MEMBERSHIP_CREDIT, SUBSCRIPTION_PRICE } from '@elts/contracts';
import { AppError, badRequest, conflict, type NewEvent, notFound, retryOnConcurrency, type UnitOfWork } from '@elts/platform';
import { afterFailedCharge, chargeDate, renewalPaymentId, shouldRenew } from '@elts/workflows';
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
  type SubscriptionState,
  subscriptionStream,
} from '../domain/subscription.js';
import { GatewayError } from '../gateway/payment-gateway.js';
import type { PaymentsDb } from '../store/tables.js';
import { type PaymentsContext, record } from './context.js';
import { issueInvoiceFor, membershipInvoiceDescription, type Recipient, resolveRecipient } from './invoices.js';
import { loadPayment, newPaymentId, paymentInitiated } from './payments.js';
import { refundPayment } from './refunds.js';

export const MEMBERSHIP_PLAN = {
  planId: 'elts-annual-membership',
  name: 'Annual membership',
  maxAmountPaise: SUBSCRIPTION_PRICE.totalPaise,
  note: 'Annual membership, Rs 999 + 18% GST',
} as const;

const newSubscriptionId = () => `MEM-${randomBytes(6).toString('hex').toUpperCase()}`;

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
  decide: (state: SubscriptionState, unit: UnitOfWork<PaymentsDb>) => NewEvent[] | Promise<NewEvent[]>,
  after?: (unit: UnitOfWork<PaymentsDb>, state: SubscriptionState, changed: boolean) => Promise<void>,
) {
  return retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const { history, state } = await loadSubscription(unit, subscriptionId);
      if (!state) throw notFound('Subscription not found');
      const stored = await record(unit, subscriptionStream(subscriptionId), history.length, await decide(state, unit));
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
 * Reconciliation's net for first payments that succeeded but whose outcome was never applied (a crash between the
 * two, or a refund the gateway would not make yet): applies it again, which is idempotent: the membership starts,
 * or the money goes back. Looks back three days; a refund still refused after that needs an operator (logged).
 */
export async function finishSettledMemberships(context: PaymentsContext, batch: number): Promise<number> {
  const settledBefore = new Date(Date.now() - context.settings.RECONCILE_PENDING_AFTER_SECONDS * 1000);
  // Payment streams are named `payment-<id>` (paymentStream); activations name their payment in `paymentId`.
  const unfinished = await sql<{ payment_id: string }>`select p.payment_id from payments p
    where p.purpose = 'membership' and p.status = 'success'
      and p.processed_at < ${settledBefore} and p.processed_at > now() - interval '3 days'
      and not exists (select 1 from events e where e.stream_id = 'payment-' || p.payment_id and e.type = 'PaymentRefunded')
      and not exists (select 1 from events e where e.type = 'SubscriptionActivated' and e.data->>'paymentId' = p.payment_id)
    order by p.processed_at limit ${batch}`.execute(context.db);
  let finished = 0;
  for (const { payment_id } of unfinished.rows) {
    const payment = await loadPayment(context, payment_id);
    if (!payment) continue;
    try {
      await onMembershipPaymentSettled(context, payment);
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
  const reason = 'The membership attempt had already ended';
  await refundPayment(
    context,
    payment.paymentId,
    {
      orderId: subscriptionId,
      refundId: `RF-${payment.paymentId}`,
      amountPaise: payment.amountPaise,
      note: reason,
      subscriptionPayment: { subscriptionId, paymentId: row?.gateway_payment_id ?? payment.paymentId },
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
    const chargeOn = chargeDate(noticeAt, context.membership);
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

/** A renewal charge settled: the membership runs another cycle, or the failure is recorded and retried. */
export async function onRenewalPaymentSettled(context: PaymentsContext, payment: PaymentState): Promise<void> {
  if (!payment.subscriptionId) return;
  const match = /-C(\d+)-A(\d+)$/.exec(payment.paymentId);
  if (!match) return;
  const cycle = Number(match[1]);
  const attempt = Number(match[2]);
  const { state } = await loadSubscription(context.events, payment.subscriptionId);
  if (!state) return;
  if (payment.phase === 'failed') {
    const row = await context.db
      .selectFrom('payments')
      .select('failure_reason')
      .where('payment_id', '=', payment.paymentId)
      .executeTakeFirst();
    await recordRenewalFailure(context, state, attempt, payment.paymentId, row?.failure_reason ?? 'The renewal charge failed');
    return;
  }
  if (payment.phase !== 'success') return;
  const recipient = await resolveRecipient(context, payment.memberId);
  const result = await changeSubscription(
    context,
    payment.subscriptionId,
    (current) => decideRenewal(current, cycle, payment.paymentId, context.membership),
    async (unit, _state, changed) => {
      if (!changed) return;
      const { state: renewed } = await loadSubscription(unit, payment.subscriptionId as string);
      if (renewed) await grantCreditAndInvoice(context, unit, renewed, payment, recipient);
    },
  );
  if (result.stored.length > 0) await announceCycle(context, payment.subscriptionId);
}

async function recordRenewalFailure(
  context: PaymentsContext,
  state: SubscriptionState,
  attempt: number,
  paymentId: string,
  reason: string,
) {
  const stored = await context.events.transact(async (unit) =>
    record(unit, subscriptionStream(state.subscriptionId), 'any', [
      {
        type: 'RenewalChargeFailed',
        data: { subscriptionId: state.subscriptionId, memberId: state.memberId, cycle: state.cycle, attempt, paymentId, reason },
      },
    ]),
  );
  if (stored.length === 0) return;
  const next = afterFailedCharge(attempt, new Date(), context.membership);
  if (next !== 'give_up')
    await context.workflows.renewalRetryDue({
      subscriptionId: state.subscriptionId,
      cycle: state.cycle,
      attempt: attempt + 1,
      at: next.retryAt,
    });
}

/** The end of a cycle: a membership that was not renewed by then expires. */
export async function expireCycle(context: PaymentsContext, subscriptionId: string, cycle: number): Promise<void> {
  const result = await changeSubscription(context, subscriptionId, (state) => decideExpiry(state, cycle, new Date()));
  if (result.stored.length > 0) await context.workflows.membershipEnded(subscriptionId);
}

async function memberSubscription(context: PaymentsContext, memberId: string, subscriptionId?: string) {
  let query = context.db.selectFrom('subscriptions').selectAll().where('member_id', '=', memberId);
  if (subscriptionId) query = query.where('subscription_id', '=', subscriptionId);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/**
 * Cancelling, or revoking the mandate, ends the membership at once: the mandate is cancelled at the gateway and no
 * renewal follows. `mandateId` (revocation) must be the member's own active mandate.
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
  await cancelMandate(context, current.subscription_id);
  const result = await changeSubscription(context, current.subscription_id, (state) =>
    decideCancellation(state, options.reason, options.revoke),
  );
  if (result.stored.length > 0) await context.workflows.membershipEnded(current.subscription_id);
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
}
