import { MEMBERSHIP_CREDIT, SUBSCRIPTION_PRICE } from '@elts/contracts';
import { type NewEvent, notFound, retryOnConcurrency, type StoredEvent, type UnitOfWork } from '@elts/platform';
import {
  afterFailedCharge,
  chargeDate,
  chargeFitsCycle,
  nextRenewalAttempt,
  type RenewalVerdict,
  renewalChargeOf,
  renewalPaymentId,
  renewalVerdict,
  type SettlementOutcome,
  wantsRenewal,
} from '@elts/workflows';
import { type Kysely, sql } from 'kysely';
import { type PaymentsContext, record } from '../commands/context.js';
import { issueInvoiceFor, membershipInvoiceDescription, type Recipient, resolveRecipient } from '../commands/invoices.js';
import { refundPayment } from '../commands/refunds.js';
import { decideFailure, type PaymentState, paymentStream } from '../domain/payment.js';
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
  renewedBy,
  type SubscriptionState,
  subscriptionStream,
} from '../domain/subscription.js';
import { GatewayError } from '../gateway/payment-gateway.js';
import type { PaymentsDb } from '../store/tables.js';
import { advancePayment, changePayment, loadPayment, startPayment } from './payment.js';

/**
 * The membership cycle on the service side: every move of a membership after it was asked for goes through
 * `advanceMembership`, which re-reads the subscription and applies the pure decisions of `@elts/workflows`
 * flows/membership-cycle.ts (the cycle's timing, the renewal money rules) and of domain/subscription.ts (its
 * events). Its timers follow from the signals sent here, in the same transaction as the events that call for them.
 */

/** What moves a membership on. */
export type MembershipTrigger =
  /** Its first payment or a renewal charge settled (the payment flow, or reconciliation's net). */
  | { on: 'payment-settled'; payment: PaymentState }
  /** The renewal timer: attempt `attempt` of the cycle's renewal is due. */
  | { on: 'renewal-due'; cycle: number; attempt: number }
  /** The charge-check timer: ask about a raised renewal charge. */
  | { on: 'charge-check'; paymentId: string }
  /** The expiry timer: the cycle's end. */
  | { on: 'cycle-end'; cycle: number }
  /** The member turned auto-renewal on or off. */
  | { on: 'auto-renewal'; autoRenewal: boolean }
  /** The member cancelled, or revoked the mandate. */
  | { on: 'ended'; reason: string; revoke: boolean };

/**
 * Moves a membership on, whatever asked. Each move re-reads what it needs and is idempotent, so a timer that runs
 * twice, a settlement applied again by reconciliation or a toggle repeated changes nothing more. A charge check
 * answers how the charge stands, which plans its next check.
 */
export async function advanceMembership(
  context: PaymentsContext,
  subscriptionId: string,
  trigger: MembershipTrigger,
): Promise<SettlementOutcome | undefined> {
  switch (trigger.on) {
    case 'payment-settled':
      if (trigger.payment.purpose === 'renewal') await renewalChargeSettled(context, subscriptionId, trigger.payment);
      else await firstPaymentSettled(context, subscriptionId, trigger.payment);
      return undefined;
    case 'renewal-due':
      await beginRenewal(context, subscriptionId, trigger.cycle, trigger.attempt);
      return undefined;
    case 'charge-check':
      return checkRenewalCharge(context, subscriptionId, trigger.paymentId);
    case 'cycle-end':
      await expireCycle(context, subscriptionId, trigger.cycle);
      return undefined;
    case 'auto-renewal':
      await changeAutoRenewal(context, subscriptionId, trigger.autoRenewal);
      return undefined;
    case 'ended':
      await endByMember(context, subscriptionId, trigger.reason, trigger.revoke);
      return undefined;
  }
}

/** The membership's plan at the gateway, which its mandates are created under: one yearly debit at most. */
export const MEMBERSHIP_PLAN = {
  planId: 'elts-annual-membership',
  name: 'Annual membership',
  maxAmountPaise: SUBSCRIPTION_PRICE.totalPaise,
  note: 'Annual membership, Rs 999 + 18% GST',
} as const;

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

/** A cycle began (activated or renewed): its expiry and renewal timers, in the unit that recorded it. */
async function cycleStarted(context: PaymentsContext, unit: UnitOfWork<PaymentsDb>, state: SubscriptionState): Promise<void> {
  if (state.status !== 'active' || !state.endDate) return;
  await context.workflows.send(unit.db, {
    kind: 'cycleStarted',
    subscriptionId: state.subscriptionId,
    cycle: state.cycle,
    endDate: state.endDate.toISOString(),
    autoRenewal: state.autoRenewal,
  });
}

/**
 * The first payment settled: the membership starts (with its credit and its invoice), or the attempt fails and its
 * mandate is cancelled at the gateway so the old link cannot be approved after the member retried. Money that still
 * arrives for an attempt that may not start (it had ended, or the member is already a member) is given back.
 */
async function firstPaymentSettled(context: PaymentsContext, subscriptionId: string, payment: PaymentState): Promise<void> {
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
  await changeSubscription(
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
      if (!state) return;
      await grantCreditAndInvoice(context, unit, state, payment, recipient);
      await cycleStarted(context, unit, state);
    },
  );
  if (verdict === 'refuse')
    await refundStaleAttempt(context, payment, subscriptionId).catch((error) =>
      // The payment is settled, so nothing will ask about it again: an operator must refund it by hand.
      context.logger.error({ err: error, paymentId: payment.paymentId, subscriptionId }, 'could not refund a stale membership attempt'),
    );
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
  await refundPayment(context, payment.paymentId, {
    refundId: `RF-${payment.paymentId}`,
    amountPaise: payment.amountPaise,
    reason,
    subscriptionPayment: { subscriptionId, paymentId: gatewayPaymentId },
  });
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
async function beginRenewal(context: PaymentsContext, subscriptionId: string, cycle: number, attempt: number): Promise<void> {
  const paymentId = renewalPaymentId(subscriptionId, cycle, attempt);
  const notice = await context.events.transact(async (unit) => {
    const { history, state } = await loadSubscription(unit, subscriptionId);
    if (!state || !wantsRenewal(state, cycle)) return undefined;
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
    await startPayment(
      context,
      unit,
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
    );
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
  // Its checks follow. Sent after the gateway took the charge: should this process die in between, the step runs
  // again, finds its notice, raises the same charge (keyed by its id) and sends this.
  await context.workflows.send(context.db, {
    kind: 'renewalChargeRaised',
    subscriptionId,
    paymentId,
    chargeOn: notice.chargeOn.toISOString(),
  });
  // Auto-renewal turned off (or the membership ended) while the charge was being raised: the toggle's call-off may
  // have reached the gateway before the charge did, so it is called off here too.
  const { state } = await loadSubscription(context.events, subscriptionId);
  if (state && !wantsRenewal(state, cycle)) await callOffRenewalCharge(context, subscriptionId, paymentId, callOffReason(state));
}

function callOffReason(state: SubscriptionState): string {
  if (state.status === 'active' && !state.autoRenewal) return 'Renewal called off: auto-renewal was turned off';
  if (state.status === 'expired') return 'Renewal called off: the membership had ended';
  if (state.status === 'cancelled' || state.status === 'revoked') return `Renewal called off: the membership was ${state.status}`;
  return 'Renewal called off';
}

/** Fails a renewal charge that was called off or could not be raised, and lets the cycle follow (a retry, or not). */
async function failRenewalPayment(context: PaymentsContext, paymentId: string, reason: string): Promise<void> {
  const stored = await changePayment(context, paymentId, (payment) =>
    decideFailure(payment, { reason, method: 'upi', autoFailed: false, timeoutMinutes: null }),
  );
  const payment = stored.length > 0 ? await loadPayment(context, paymentId) : undefined;
  if (payment?.subscriptionId) await renewalChargeSettled(context, payment.subscriptionId, payment);
}

/**
 * Calls a raised renewal charge off at the gateway, and ends its payment (failed, nothing taken) once the gateway
 * confirms. True when called off. A charge the gateway no longer calls off (with the bank, paid) or cannot be asked
 * about now is left: should it take the money, `renewalChargeSettled` refunds it in full.
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
async function checkRenewalCharge(context: PaymentsContext, subscriptionId: string, paymentId: string): Promise<SettlementOutcome> {
  const outcome = await advancePayment(context, paymentId, 'gateway');
  if (outcome !== 'unchanged') return outcome;
  const payment = await loadPayment(context, paymentId);
  if (payment?.phase === 'success') return 'succeeded';
  if (payment?.phase === 'failed') return 'failed';
  const cycle = renewalChargeOf(paymentId)?.cycle;
  if (!payment || cycle === undefined) return outcome;
  const { state } = await loadSubscription(context.events, subscriptionId);
  if (!state || wantsRenewal(state, cycle)) return outcome;
  return (await callOffRenewalCharge(context, subscriptionId, paymentId, callOffReason(state))) ? 'failed' : outcome;
}

/**
 * A renewal charge settled. A failure is recorded and retried while the member still wants the renewal. A success
 * renews the membership for another cycle only if it may (`renewalVerdict`: the cycle it was raised for is still
 * running and auto-renewal is on); any other success is refunded in full at once: no money is kept for a year the
 * member does not get or no longer wanted.
 */
async function renewalChargeSettled(context: PaymentsContext, subscriptionId: string, payment: PaymentState): Promise<void> {
  const charge = renewalChargeOf(payment.paymentId);
  if (!charge) return;
  const { cycle, attempt } = charge;
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
  await changeSubscription(
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
      if (!renewed) return;
      await grantCreditAndInvoice(context, unit, renewed, payment, recipient);
      await cycleStarted(context, unit, renewed);
    },
  );
  if (verdict === 'refund') {
    await refundRenewalCharge(context, payment, refundReason(decidedOn, cycle)).catch((error) =>
      // Reconciliation (finishSettledMemberships) tries again for three days; after that an operator must.
      context.logger.error({ err: error, paymentId: payment.paymentId, subscriptionId }, 'could not refund a renewal charge'),
    );
  }
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
  // Asked for already (its record settles it, or says it failed): the same refund id would only answer it again.
  if (history.some((event) => event.type === 'RefundRequested' || event.type === 'PaymentRefunded')) return;
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
  await context.events.transact(async (unit) => {
    const stored = await record(unit, subscriptionStream(state.subscriptionId), 'any', [
      {
        type: 'RenewalChargeFailed',
        data: { subscriptionId: state.subscriptionId, memberId: state.memberId, cycle, attempt, paymentId, reason },
      },
    ]);
    if (stored.length === 0) return;
    // No retry once the member turned auto-renewal off or the membership ended; switching it back on starts the
    // next attempt (autoRenewalChangedSteps).
    const { state: now } = await loadSubscription(unit, state.subscriptionId);
    if (!now || !wantsRenewal(now, cycle)) return;
    const next = afterFailedCharge(attempt, new Date(), context.membership);
    if (next !== 'give_up')
      await context.workflows.send(unit.db, {
        kind: 'renewalRetryDue',
        subscriptionId: state.subscriptionId,
        cycle,
        attempt: attempt + 1,
        at: next.retryAt.toISOString(),
      });
  });
}

/**
 * The end of a cycle: a membership that was not renewed by then expires, and its mandate is cancelled at the
 * gateway with any renewal charge still open. A charge of the cycle that the gateway has already debited renews
 * instead (its check may come only after the end), so those are asked about first.
 */
async function expireCycle(context: PaymentsContext, subscriptionId: string, cycle: number): Promise<void> {
  await applyCycleCharges(context, subscriptionId, cycle);
  await changeSubscription(
    context,
    subscriptionId,
    (state) => decideExpiry(state, cycle, new Date()),
    (unit, _state, changed) => ended(context, unit, subscriptionId, changed),
  );
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
        await advancePayment(context, charge.payment_id, 'gateway');
      } catch (error) {
        // The cycle still ends on time; a debit that lands later is refunded.
        context.logger.warn({ err: error, paymentId: charge.payment_id }, 'could not ask about a renewal charge at the end of its cycle');
      }
    }
    // Applied here even if another step settled it a moment ago and is still applying it: renewing is idempotent,
    // and it must happen before the expiry is decided.
    const payment = await loadPayment(context, charge.payment_id);
    if (payment?.phase === 'success') await renewalChargeSettled(context, subscriptionId, payment);
  }
}

/** A membership that ended: its open renewal charges are called off and its mandate cancelled at the gateway. */
async function closeAtGateway(context: PaymentsContext, subscriptionId: string, reason: string): Promise<void> {
  await cancelMandate(context, subscriptionId);
  await callOffOpenRenewalCharges(context, subscriptionId, reason);
}

/** The timers of a membership that ended (expired, cancelled, revoked) stop, in the unit that ended it. */
async function ended(context: PaymentsContext, unit: UnitOfWork<PaymentsDb>, subscriptionId: string, changed: boolean): Promise<void> {
  if (changed) await context.workflows.send(unit.db, { kind: 'membershipEnded', subscriptionId });
}

/**
 * Cancelling, or revoking the mandate, ends the membership at once: the mandate is cancelled at the gateway, a
 * renewal charge still open is called off, and no renewal follows.
 */
async function endByMember(context: PaymentsContext, subscriptionId: string, reason: string, revoke: boolean): Promise<void> {
  // The mandate first: a cancellation recorded while the mandate stays live could not be asked for again.
  await cancelMandate(context, subscriptionId);
  await changeSubscription(
    context,
    subscriptionId,
    (state) => decideCancellation(state, reason, revoke),
    (unit, _state, changed) => ended(context, unit, subscriptionId, changed),
  );
  // After the cancellation, so a charge called off here is not retried; a debit that lands anyway is refunded.
  const { state } = await loadSubscription(context.events, subscriptionId);
  if (state) await callOffOpenRenewalCharges(context, subscriptionId, callOffReason(state));
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
 * Turning it on again schedules the cycle's next attempt, if one is left and no charge of the cycle is open.
 */
async function changeAutoRenewal(context: PaymentsContext, subscriptionId: string, autoRenewal: boolean): Promise<void> {
  await changeSubscription(
    context,
    subscriptionId,
    (state) => decideAutoRenewal(state, autoRenewal),
    async (unit, _state, changed) => {
      if (!changed) return;
      const { state } = await loadSubscription(unit, subscriptionId);
      if (!state) return;
      const nextAttempt =
        autoRenewal && state.endDate && state.cycle > 0
          ? nextRenewalAttempt(await lastRenewalAttempt(unit.db, subscriptionId, state.cycle), context.membership)
          : null;
      await context.workflows.send(unit.db, {
        kind: 'autoRenewalChanged',
        subscriptionId,
        cycle: state.cycle,
        endDate: state.endDate?.toISOString() ?? null,
        autoRenewal,
        nextAttempt,
      });
    },
  );
  // Also when it was off already: asking again retries a call-off the gateway could not take the first time.
  if (!autoRenewal) await callOffOpenRenewalCharges(context, subscriptionId, 'Renewal called off: auto-renewal was turned off');
}

/**
 * How far a cycle's renewal has gone, for switching auto-renewal back on: null while one of its charges is open or
 * has paid (kept, not refunded), otherwise its last attempt (0 when none was made). A charge called off or refunded
 * because auto-renewal was off counts as an attempt made, so toggling cannot raise more charges than the plan allows.
 */
async function lastRenewalAttempt(db: Kysely<PaymentsDb>, subscriptionId: string, cycle: number): Promise<number | null> {
  const charges = await sql<{ payment_id: string; status: string; refunded: boolean }>`
    select p.payment_id, p.status,
      exists (select 1 from events e where e.stream_id = 'payment-' || p.payment_id and e.type in ('RefundRequested', 'PaymentRefunded')) as refunded
    from payments p where p.subscription_id = ${subscriptionId} and p.payment_id like ${`${subscriptionId}-C${cycle}-A%`}`.execute(db);
  let last = 0;
  for (const charge of charges.rows) {
    if (charge.status === 'pending' || charge.status === 'processing' || (charge.status === 'success' && !charge.refunded)) return null;
    last = Math.max(last, renewalChargeOf(charge.payment_id)?.attempt ?? 0);
  }
  return last;
}
