import { SUBSCRIPTION_PRICE } from '@elts/contracts';
import { type Accepted, handle, Refused, type UnitOfWork } from '@elts/platform';
import { type PaymentTrigger, renewalChargeOf, type SettlementOutcome } from '@elts/workflows';
import { type PaymentsContext, record } from '../../commands/context.js';
import { issueInvoiceFor, membershipInvoiceDescription, type Recipient, resolveRecipient } from '../../commands/invoices.js';
import { refundPayment } from '../../commands/refunds.js';
import { foldPayment, type PaymentState, paymentStream } from '../../domain/payment.js';
import type { PaymentsEvent } from '../../domain/payments-events.js';
import { subscriptionStream } from '../../domain/subscription.js';
import { GatewayError } from '../../gateway/payment-gateway.js';
import { cycleRenewalCharges, findGatewayPaymentId, renewalCharges } from '../../store/payment-reads.js';
import { project } from '../../store/projections.js';
import { hasOtherActiveSubscription, lockMemberActivations } from '../../store/subscriptions.js';
import type { PaymentsDb } from '../../store/tables.js';
import { advancePayment, failPayment, type PaymentMove, startPayment } from '../payment-timeout/payment-flow.js';
import {
  type CycleInput,
  callsBeforeEvents,
  type GatewayCall,
  type MandateDetails,
  type MembershipCommand,
  type MembershipEffects,
  type MembershipStreamState,
  membershipDecider,
  type RenewalCharge,
} from './decider.js';

/**
 * The membership's process manager (issue 36, docs/decisions/0167): what follows what between a membership and its
 * payments. The membership (its decider, decider.ts, through `handle` here) and a payment
 * (payment-timeout/payment-flow.ts) each decide on their own stream and never call each other. This reacts to what one of them decided, to the
 * membership's timers and to the member's requests, and sends the next command:
 * - a membership's first payment or renewal charge settled (`movePayment`): the membership hears of it;
 * - the renewal timer: the membership sends its pre-debit notice; the renewal charge it names is started as a payment
 *   in the same transaction, raised at the gateway once committed, then the membership hears `charge-raised` (or the
 *   payment fails and the membership hears `charge-settled`);
 * - the charge-check timer: the charge's payment is moved first (and the membership follows it), then the membership
 *   hears how the charge stands, which plans the next check;
 * - the cycle's end: its open charges are moved first, then the membership renews or expires;
 * - what else a decision calls for: the year's credit and invoice and the timers' signals (in its transaction), the
 *   mandate's and the charges' gateway calls and refunds (once committed).
 * Every command re-reads its stream and is idempotent, so a timer that runs twice, a settlement applied again by
 * reconciliation or a toggle repeated changes nothing more.
 */

/**
 * Moves a payment on (its own decision, payment-flow.ts), then reacts to the outcome: whatever asked (a webhook, the
 * member's status poll, the payment's timeout, reconciliation) goes through here, so a settled membership payment
 * never waits for reconciliation to move its membership.
 */
export async function movePayment(context: PaymentsContext, paymentId: string, trigger: PaymentTrigger): Promise<SettlementOutcome> {
  const moved = await advancePayment(context, paymentId, trigger);
  await afterPayment(context, moved);
  return moved.outcome;
}

/** A membership's first payment or renewal charge that settled moves its membership; a product payment's order learns from the event. */
async function afterPayment(context: PaymentsContext, { outcome, payment }: PaymentMove): Promise<void> {
  if (outcome === 'unchanged' || !payment?.subscriptionId) return;
  if (payment.purpose !== 'membership' && payment.purpose !== 'renewal') return;
  await advanceMembership(context, payment.subscriptionId, { on: 'payment-settled', payment });
}

/** What moves a membership on. */
export type MembershipTrigger =
  /** Its first payment or a renewal charge settled (`movePayment`, or reconciliation's net). */
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
 * Reacts to a trigger of the membership: asks what it needs first (the gateway, identity, or the charge's own
 * payment), has the membership decide, then carries the decision out. A charge check answers how the charge stands,
 * which plans its next check.
 */
export async function advanceMembership(
  context: PaymentsContext,
  subscriptionId: string,
  trigger: MembershipTrigger,
): Promise<SettlementOutcome | undefined> {
  const observed = await observe(context, subscriptionId, trigger);
  return observed ? apply(context, subscriptionId, observed) : undefined;
}

/** What the decision needs besides the membership's records: the trigger, and what had to be asked of the world for it. */
interface Observed {
  input: CycleInput;
  /** Who an invoice is for, read before the transaction (never inside it) when a cycle may begin. */
  recipient?: Recipient | undefined;
}

/** Asks the gateway (and identity, for an invoice's recipient) what the trigger needs, before any transaction. */
async function observe(context: PaymentsContext, subscriptionId: string, trigger: MembershipTrigger): Promise<Observed | undefined> {
  switch (trigger.on) {
    case 'payment-settled': {
      const { payment } = trigger;
      const paid = payment.phase === 'success';
      const recipient = paid ? await resolveRecipient(context, payment.memberId) : undefined;
      if (payment.purpose === 'renewal') return { input: { on: 'charge-settled', paymentId: payment.paymentId }, recipient };
      const mandate = paid ? await mandateOf(context, subscriptionId) : null;
      return { input: { on: 'first-payment-settled', payment, mandate }, recipient };
    }
    case 'renewal-due':
      return { input: { ...trigger, chargeWindow: (notBefore) => context.gateway.chargeWindow(notBefore) } };
    case 'charge-check':
      // The charge's payment first (its membership follows it), then the membership hears how the charge stands.
      return { input: { ...trigger, outcome: await movePayment(context, trigger.paymentId, 'gateway') } };
    case 'cycle-end':
      return { input: trigger, recipient: await askAboutCycleCharges(context, subscriptionId, trigger.cycle) };
    case 'auto-renewal':
    case 'ended':
      return { input: trigger };
  }
}

/** The mandate a first payment authorised, as the gateway has it. */
async function mandateOf(context: PaymentsContext, subscriptionId: string): Promise<MandateDetails> {
  const gatewaySubscription = await context.gateway.getSubscription(subscriptionId);
  return {
    mandateId: gatewaySubscription.authorization?.reference ?? gatewaySubscription.gatewaySubscriptionId,
    method: gatewaySubscription.authorization?.method ?? 'upi',
    maxAmountPaise: MEMBERSHIP_PLAN.maxAmountPaise,
  };
}

/**
 * At the end of a cycle, its open renewal charges are asked about at the gateway first: one already debited renews
 * (its own check may come only after the end). Answers the recipient of the renewal's invoice when one has paid.
 */
async function askAboutCycleCharges(context: PaymentsContext, subscriptionId: string, cycle: number): Promise<Recipient | undefined> {
  const charges = await cycleRenewalCharges(context.db, subscriptionId, cycle);
  let paidBy: string | undefined;
  for (const charge of charges) {
    let outcome: SettlementOutcome = charge.status === 'success' ? 'succeeded' : 'unchanged';
    if (charge.status === 'pending' || charge.status === 'processing') {
      try {
        outcome = await movePayment(context, charge.payment_id, 'gateway');
      } catch (error) {
        // The cycle still ends on time; a debit that lands later is refunded.
        context.logger.warn({ err: error, paymentId: charge.payment_id }, 'could not ask about a renewal charge at the end of its cycle');
      }
    }
    if (outcome === 'succeeded' || outcome === 'succeeded_late') paidBy = charge.member_id;
  }
  return paidBy ? resolveRecipient(context, paidBy) : undefined;
}

/** Has the membership decide in its transaction, records what the decision calls for with it, then makes its gateway calls. */
async function apply(context: PaymentsContext, subscriptionId: string, observed: Observed): Promise<SettlementOutcome | undefined> {
  const { input } = observed;
  for (const call of callsBeforeEvents(input)) await perform(context, subscriptionId, call);
  // The membership decides on its own stream; what its decision calls for is recorded with it (`recordEffects`).
  const decided = await handle(
    context.events,
    membershipDecider,
    subscriptionStream(subscriptionId),
    (unit, stream) => readCommand(context, unit, subscriptionId, stream, input),
    { project, alongside: (unit, accepted) => recordEffects(context, unit, accepted, observed.recipient) },
  );
  // No such membership: a charge check still answers how the gateway left the charge.
  if (decided.refusal || !decided.effects) return input.on === 'charge-check' ? input.outcome : undefined;
  const decision = decided.effects;
  if (decision.note) context.logger.info({ subscriptionId, on: input.on }, decision.note);
  let calledOff = false;
  for (const call of decision.calls) calledOff = (await perform(context, subscriptionId, call)) || calledOff;
  return decision.outcome === 'unchanged' && calledOff ? 'failed' : decision.outcome;
}

/**
 * What the decision needs besides the membership's stream, read in the unit that records it: its renewal charges,
 * and for a first payment that took money whether the member has another active membership. The time is read here
 * too: a notice recorded now gives its charge the whole notice period.
 */
async function readCommand(
  context: PaymentsContext,
  unit: UnitOfWork<PaymentsDb>,
  subscriptionId: string,
  stream: MembershipStreamState,
  input: CycleInput,
): Promise<MembershipCommand> {
  const command = { input, charges: [], otherActiveMembership: false, now: context.clock.now(), plan: context.membership };
  const state = stream.subscription;
  if (!state) return command;
  const rows = await renewalCharges(unit.db, subscriptionId);
  const charges: RenewalCharge[] = [];
  for (const row of rows) {
    const charge = renewalChargeOf(row.payment_id);
    if (!charge) continue;
    const recorded = stream.charges[row.payment_id];
    charges.push({
      paymentId: row.payment_id,
      cycle: charge.cycle,
      attempt: charge.attempt,
      phase: row.status,
      amountPaise: Number(row.amount_paise),
      failureReason: row.failure_reason,
      chargeOn: recorded?.chargeOn ?? null,
      refunded: row.refunded,
      renewed: recorded?.renewed ?? false,
      failureRecorded: recorded?.failureRecorded ?? false,
    });
  }
  let otherActiveMembership = false;
  if (input.on === 'first-payment-settled' && input.payment.phase === 'success') {
    // One member's activations take turns, so two attempts approved at once cannot both start.
    await lockMemberActivations(unit.db, state.memberId);
    otherActiveMembership = await hasOtherActiveSubscription(unit.db, state.memberId, subscriptionId);
  }
  return { ...command, charges, otherActiveMembership };
}

/**
 * Records what the membership's decision calls for besides its events, in their unit: the renewal charge its notice
 * names (a payment of its own, started once: its id is the charge's key), the year's credit and invoice, the signals.
 */
async function recordEffects(
  context: PaymentsContext,
  unit: UnitOfWork<PaymentsDb>,
  { before, effects }: Accepted<MembershipStreamState, PaymentsEvent, MembershipEffects>,
  recipient: Recipient | undefined,
): Promise<void> {
  const state = before.subscription;
  if (!state || !effects) return;
  const { startCharge, cycleBegan } = effects;
  if (startCharge)
    await startPayment(
      context,
      unit,
      {
        paymentId: startCharge.paymentId,
        orderId: state.subscriptionId,
        memberId: state.memberId,
        amountPaise: startCharge.amountPaise,
        paymentType: 'subscription',
        purpose: 'renewal',
        subscriptionId: state.subscriptionId,
        withTimeout: false,
      },
      effects.decidedAt,
    );
  if (cycleBegan) {
    await record(unit, `credit-${state.memberId}`, 'any', [cycleBegan.credit]);
    // Without the member's place of supply the invoice waits for reconciliation (issueOwedInvoices).
    const payment = foldPayment(await unit.readStream(paymentStream(cycleBegan.paymentId)));
    if (recipient && payment) await issueInvoiceFor(context, unit, payment, recipient, membershipInvoiceDescription(cycleBegan.cycle));
  }
  if (effects.signals.length > 0) await context.workflows.send(unit.db, ...effects.signals);
}

/**
 * Makes one gateway call the decision asked for, each with its own rule for failure. Answers true for a renewal
 * charge called off (its payment then failed).
 */
async function perform(context: PaymentsContext, subscriptionId: string, call: GatewayCall): Promise<boolean> {
  switch (call.call) {
    case 'charge':
      await raiseRenewalCharge(context, subscriptionId, call);
      return false;
    case 'cancelCharge':
      return callOffRenewalCharge(context, subscriptionId, call.paymentId, call.reason);
    case 'cancelMandate':
      await cancelMandate(context, subscriptionId).catch((error) => {
        if (!call.lenient) throw error;
        // Not fatal: should the mandate still be approved, the activation is refused and the money refunded.
        context.logger.warn({ err: error, subscriptionId }, 'could not cancel a mandate');
      });
      return false;
    case 'refund':
      await refundInFull(context, subscriptionId, call).catch((error) =>
        // Reconciliation (finishSettledMemberships) tries again for three days; after that an operator must.
        context.logger.error({ err: error, paymentId: call.paymentId, subscriptionId }, 'could not refund a membership payment'),
      );
      return false;
  }
}

/**
 * Raises a renewal charge at the gateway under its own id, so raising it again changes nothing. A charge the gateway
 * refuses for good fails (and the cycle follows: a retry, or not); once taken, its checks follow.
 */
async function raiseRenewalCharge(
  context: PaymentsContext,
  subscriptionId: string,
  charge: Extract<GatewayCall, { call: 'charge' }>,
): Promise<void> {
  const { paymentId } = charge;
  try {
    await context.gateway.raiseCharge(
      { subscriptionId, paymentId, amountPaise: charge.amountPaise, scheduledFor: charge.chargeOn, remarks: charge.remarks },
      paymentId,
    );
  } catch (error) {
    if (!(error instanceof GatewayError) || error.retryable) throw error;
    await failRenewalPayment(context, paymentId, `The renewal charge could not be raised: ${error.message}`);
    return;
  }
  // Should this process die before this, the step runs again, finds its notice and raises the same charge.
  await apply(context, subscriptionId, { input: { on: 'charge-raised', paymentId } });
}

/** Fails a renewal charge that was called off or could not be raised, and lets the cycle follow (a retry, or not). */
async function failRenewalPayment(context: PaymentsContext, paymentId: string, reason: string): Promise<void> {
  const failed = await failPayment(context, paymentId, { reason, method: 'upi', autoFailed: false, timeoutMinutes: null });
  const subscriptionId = renewalChargeOf(paymentId)?.subscriptionId;
  if (failed && subscriptionId) await apply(context, subscriptionId, { input: { on: 'charge-settled', paymentId } });
}

/**
 * Calls a raised renewal charge off at the gateway, and ends its payment (failed, nothing taken) once the gateway
 * confirms. True when called off. A charge the gateway no longer calls off (with the bank, paid) or cannot be asked
 * about now is left: should it take the money, its settlement refunds it in full.
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
 * Gives a membership payment back in full, under one refund id per payment (`RF-<payment>`, the gateway's anchor) so
 * a repeat cannot refund it twice. A renewal charge is known at the gateway by our own payment id; a first payment
 * by the gateway's.
 */
async function refundInFull(context: PaymentsContext, subscriptionId: string, refund: Extract<GatewayCall, { call: 'refund' }>) {
  const { paymentId } = refund;
  context.logger.warn({ paymentId, subscriptionId, reason: refund.reason }, 'refunding a membership payment that buys nothing');
  let gatewayPaymentId = paymentId;
  if (refund.firstPayment) {
    const row = await findGatewayPaymentId(context.db, paymentId);
    gatewayPaymentId = row?.gateway_payment_id ?? paymentId;
  }
  const outcome = await refundPayment(context, paymentId, {
    refundId: `RF-${paymentId}`,
    amountPaise: refund.amountPaise,
    reason: refund.reason,
    subscriptionPayment: { subscriptionId, paymentId: gatewayPaymentId },
  });
  if ('refusal' in outcome) throw new Refused(outcome.refusal);
}

/** The membership's plan at the gateway, which its mandates are created under: one yearly debit at most. */
export const MEMBERSHIP_PLAN = {
  planId: 'elts-annual-membership',
  name: 'Annual membership',
  maxAmountPaise: SUBSCRIPTION_PRICE.totalPaise,
  note: 'Annual membership, Rs 999 + 18% GST',
} as const;
