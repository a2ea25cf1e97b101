import {
  type BodyOf,
  normaliseIndianMobile,
  PAYER_EMAIL_TOO_LONG,
  PAYER_FIELD_MAX,
  PAYER_NAME_TOO_LONG,
  paymentsOperations,
  rupeesOf,
} from '@elts/contracts';
import { type AppEnv, badRequest, mount, notFound, requireMember, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import { cashfreeModeOf, type PaymentsContext } from '../commands/context.js';
import { membershipEligibility, PROFILE_INCOMPLETE } from '../commands/membership-eligibility.js';
import { type CustomerDetails, endMembership, setAutoRenewal, startMembership } from '../commands/memberships.js';
import { movePayment } from '../processes/membership/process-manager.js';
import { findMemberProfile } from '../store/member-profiles.js';
import { findPayment } from '../store/payment-reads.js';
import { paymentWindow } from '../store/payment-window.js';
import { currentSubscriptionView, latestSubscription, memberCredit, subscriptionDetailsView } from '../store/subscription-views.js';
import { findOwnSubscription, subscriptionRow } from '../store/subscriptions.js';
import type { PaymentsTable } from '../store/tables.js';

/** The member's subscription calls, exactly the spec's paths and shapes. */
export function subscriptionRoutes(context: PaymentsContext) {
  const paymentWindowFields = (payment: PaymentsTable | undefined) => {
    const open = paymentWindow(payment, context.timeouts);
    return { payment_expires_at: open.expiresAt, payment_timeout_seconds: open.timeoutSeconds };
  };

  async function customerFor(memberId: string, body: BodyOf<typeof paymentsOperations.createUpiMandate>): Promise<CustomerDetails> {
    const profile = await findMemberProfile(context.db, memberId);
    unlessRefused(await membershipEligibility(context, profile));
    const first = body.first_name ?? profile?.firstname ?? '';
    const last = body.last_name ?? profile?.lastname ?? '';
    const phone = body.customer_phone ?? (profile?.mobile ? normaliseIndianMobile(profile.mobile) : undefined);
    const email = body.customer_email ?? profile?.email;
    if (!first.trim() || !last.trim() || !phone || !email) throw badRequest(PROFILE_INCOMPLETE);
    const name = body.customer_name ?? `${first.trim()} ${last.trim()}`;
    // The body is checked by its schema; what came from the profile is checked here against the gateway's limits.
    if (email.length > PAYER_FIELD_MAX) throw badRequest(PAYER_EMAIL_TOO_LONG);
    if (name.length > PAYER_FIELD_MAX) throw badRequest(PAYER_NAME_TOO_LONG);
    return { name, email, phone };
  }

  async function startFor(memberId: string, body: BodyOf<typeof paymentsOperations.createUpiMandate>) {
    const started = unlessRefused(await startMembership(context, memberId, await customerFor(memberId, body)));
    return {
      order_id: started.subscriptionId,
      subscription_id: started.subscriptionId,
      payment_session_id: started.sessionId,
      payment_link: started.authorizationLink,
      gateway: context.gateway.kind,
      cashfree_mode: cashfreeModeOf(context),
    };
  }

  async function detailsOf(memberId: string) {
    const row = await latestSubscription(context, memberId);
    if (!row) throw notFound('No subscription found');
    return subscriptionDetailsView(row);
  }

  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.currentSubscription, async (c) => {
    const member = requireMember(c);
    const row = await latestSubscription(context, member.id);
    const payment = row?.latest_payment_id ? await findPayment(context.db, row.latest_payment_id) : undefined;
    const credit = await memberCredit(context, member.id);
    return c.json({
      is_success: true,
      message: row ? 'Subscription found' : 'No subscription found',
      data: {
        has_subscription: Boolean(row),
        subscription: row ? currentSubscriptionView(row, payment, context.clock.now()) : null,
        credit_balance: rupeesOf(credit),
        credit_balance_paise: credit,
      },
    });
  });
  mount(app, paymentsOperations.createUpiMandate, async (c) => {
    const member = requireMember(c);
    return c.json({ is_success: true, message: 'Redirecting to payment...', data: await startFor(member.id, c.req.valid('json')) });
  });
  mount(app, paymentsOperations.revokeMandate, async (c) => {
    const member = requireMember(c);
    unlessRefused(
      await endMembership(context, member.id, {
        reason: 'Mandate revoked by the member',
        revoke: true,
        mandateId: c.req.valid('param').mandate_id,
      }),
    );
    return c.json({ is_success: true, message: 'Mandate revoked successfully. Your subscription has been cancelled.' });
  });
  mount(app, paymentsOperations.mandateStatus, async (c) => {
    const member = requireMember(c);
    const orderId = c.req.valid('param').order_id;
    let row = await findOwnSubscription(context.db, member.id, orderId);
    if (!row) throw notFound('No order information found. Please try initiating the payment again.');
    // Webhooks may be late or lost: a poll of a pending mandate also asks the gateway, a few seconds apart at most.
    if (row.status === 'pending' && row.latest_payment_id && context.gatewayChecks.tryCheck(row.latest_payment_id)) {
      await movePayment(context, row.latest_payment_id, 'gateway').catch((error) =>
        context.logger.warn({ err: error }, 'mandate status check failed'),
      );
      row = await subscriptionRow(context.db, orderId);
    }
    const payment = row.latest_payment_id ? await findPayment(context.db, row.latest_payment_id) : undefined;
    return c.json({
      is_success: true,
      data: {
        order_id: row.subscription_id,
        status: row.status,
        subscription_status: row.status,
        mandate_status: row.mandate_status,
        mandate_id: row.mandate_id,
        transaction_id: payment?.gateway_payment_id ?? null,
        payment_method: payment?.method ?? null,
        payment_status: payment?.status ?? null,
        amount: rupeesOf(Number(row.amount_paise)),
        last_updated: row.updated_at.toISOString(),
        error: row.status === 'failed' ? (payment?.failure_reason ?? row.failure_reason) : null,
        ...paymentWindowFields(payment),
      },
    });
  });
  mount(app, paymentsOperations.subscriptionDetails, async (c) => {
    const member = requireMember(c);
    const row = await latestSubscription(context, member.id);
    return c.json({ is_success: true, data: row ? subscriptionDetailsView(row) : null });
  });
  mount(app, paymentsOperations.createSubscription, async (c) => {
    const member = requireMember(c);
    const started = await startFor(member.id, {});
    return c.json({ is_success: true, message: 'Redirecting to payment...', data: { ...started, redirect_url: started.payment_link } });
  });
  mount(app, paymentsOperations.toggleAutoRenewal, async (c) => {
    const member = requireMember(c);
    unlessRefused(await setAutoRenewal(context, member.id, c.req.valid('json').autoRenewal));
    return c.json({ is_success: true, message: 'Auto-renewal updated', data: await detailsOf(member.id) });
  });
  mount(app, paymentsOperations.cancelSubscription, async (c) => {
    const member = requireMember(c);
    unlessRefused(
      await endMembership(context, member.id, { reason: c.req.valid('json').reason || 'Cancelled by the member', revoke: false }),
    );
    return c.json({ is_success: true, message: 'Subscription cancelled', data: await detailsOf(member.id) });
  });
  return app;
}
