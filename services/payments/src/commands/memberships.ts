import { randomBytes } from 'node:crypto';
import { ORDER_ID_PREFIXES, SUBSCRIPTION_PRICE } from '@elts/contracts';
import { type Refusal, refusal } from '@elts/platform';
import { subscriptionStream } from '../domain/subscription.js';
import { GatewayError } from '../gateway/payment-gateway.js';
import { advanceMembership, MEMBERSHIP_PLAN } from '../processes/membership/process-manager.js';
import { newPaymentId, startPayment } from '../processes/payment-timeout/payment-flow.js';
import { findPaymentStatus } from '../store/payment-reads.js';
import { findMemberSubscription } from '../store/subscriptions.js';
import { createPaymentsStream, type PaymentsContext } from './context.js';

/**
 * What a member asks of their membership: start one, turn auto-renewal on or off, cancel it or revoke its mandate.
 * Each checks the member's own subscription here and leaves the rest to the membership's process manager
 * (processes/membership/process-manager.ts). A request that cannot be met answers a refusal, which the route
 * answers (`unlessRefused`).
 */

/** A member's request refused. */
type Refused = { refusal: Refusal };

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

/** What a member reads when the gateway's plan is not the membership's: no retry cures it, an operator does. */
export const PLAN_CONFLICT_MESSAGE =
  'Memberships cannot be started right now because of a problem with our payment setup. We have been told; please try again later.';

/**
 * The membership's plan at the gateway. Cashfree plans cannot be edited, so a plan with our id and other terms
 * (made by hand in its dashboard, or left by an older price) would fail every charge above its maximum: no
 * mandate is made under it. The member gets a 409 with a sentence, and the operators an error in the log that says
 * which plan to fix (docs/decisions/0090).
 */
async function ensureMembershipPlan(context: PaymentsContext): Promise<Refused | undefined> {
  try {
    await context.gateway.ensurePlan(MEMBERSHIP_PLAN);
    return undefined;
  } catch (error) {
    if (!(error instanceof GatewayError) || error.code !== 'plan_mismatch') throw error;
    context.logger.error({ err: error, planId: MEMBERSHIP_PLAN.planId }, 'membership plan at the gateway has other terms');
    return { refusal: refusal('conflict', PLAN_CONFLICT_MESSAGE) };
  }
}

/**
 * Starts a membership: a UPI AutoPay mandate whose authorisation debits the first year's fee. A member with a live
 * membership is refused; one whose attempt is still open gets that attempt back rather than a second mandate.
 */
export async function startMembership(
  context: PaymentsContext,
  memberId: string,
  customer: CustomerDetails,
): Promise<StartedMembership | Refused> {
  const latest = await findMemberSubscription(context.db, memberId);
  if (latest?.status === 'active') return { refusal: refusal('conflict', 'You already have an active membership.') };
  if (latest?.status === 'pending') {
    const payment = await findPaymentStatus(context.db, latest.latest_payment_id ?? '');
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
  const planRefused = await ensureMembershipPlan(context);
  if (planRefused) return planRefused;
  const mandate = await gateway.createSubscription(
    {
      subscriptionId,
      plan: MEMBERSHIP_PLAN,
      customer: { id: memberId.replace(/-/g, ''), ...customer },
      authorizationAmountPaise: SUBSCRIPTION_PRICE.totalPaise,
      returnUrl: `${settings.PUBLIC_URL.replace(/\/$/, '')}/order?order_id=${subscriptionId}`,
      expiresAt: new Date(context.clock.now().getTime() + 20 * 365 * 24 * 3600_000),
      note: MEMBERSHIP_PLAN.note,
    },
    subscriptionId,
  );
  await context.events.transact(async (unit) => {
    await createPaymentsStream(
      unit,
      subscriptionStream(subscriptionId),
      () => [
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
        },
        {
          type: 'SubscriptionStatusChanged',
          data: { subscriptionId, memberId, status: 'pending', validUntil: null },
        },
      ],
      { actor: `member:${memberId}` },
    );
    await startPayment(context, unit, {
      paymentId,
      orderId: subscriptionId,
      memberId,
      amountPaise: SUBSCRIPTION_PRICE.totalPaise,
      paymentType: 'subscription',
      purpose: 'membership',
      subscriptionId,
      withTimeout: true,
    });
  });
  return { subscriptionId, sessionId: mandate.sessionId, authorizationLink: mandate.authorizationLink ?? null, reused: false };
}

async function memberSubscription(context: PaymentsContext, memberId: string, subscriptionId?: string) {
  return findMemberSubscription(context.db, memberId, subscriptionId);
}

/**
 * The member cancels, or revokes their mandate (`mandateId` must be their own active mandate): the membership ends
 * at once (the cycle's `endedByMember`, processes/membership/decider.ts).
 */
export async function endMembership(
  context: PaymentsContext,
  memberId: string,
  options: { reason: string; revoke: boolean; mandateId?: string },
): Promise<Refused | undefined> {
  const current = await memberSubscription(context, memberId);
  if (!current) return { refusal: refusal('not_found', 'No subscription found') };
  if (options.revoke) {
    if (!options.mandateId || current.mandate_id !== options.mandateId || current.mandate_status !== 'active') {
      return { refusal: refusal('invalid', 'No active mandate found to revoke.') };
    }
  } else if (current.status !== 'active' && current.status !== 'pending') {
    return { refusal: refusal('conflict', 'There is no active subscription to cancel.') };
  }
  await advanceMembership(context, current.subscription_id, { on: 'ended', reason: options.reason, revoke: options.revoke });
  return undefined;
}

/**
 * The member's auto-renewal toggle, on their live or pending membership (the cycle's `autoRenewalChanged`).
 */
export async function setAutoRenewal(context: PaymentsContext, memberId: string, autoRenewal: boolean): Promise<Refused | undefined> {
  const current = await memberSubscription(context, memberId);
  if (!current || (current.status !== 'active' && current.status !== 'pending'))
    return { refusal: refusal('not_found', 'No active subscription found') };
  await advanceMembership(context, current.subscription_id, { on: 'auto-renewal', autoRenewal });
  return undefined;
}
