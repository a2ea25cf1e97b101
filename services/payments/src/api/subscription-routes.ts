import {
  cancelSubscriptionSchema,
  createMandateSchema,
  createSubscriptionSchema,
  normaliseIndianMobile,
  rupeesOf,
  toggleAutoRenewalSchema,
} from '@elts/contracts';
import { type AppEnv, badRequest, jsonBody, notFound, pathParams, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import { PROFILE_INCOMPLETE, requireMembershipEligibility } from '../commands/membership-eligibility.js';
import { type CustomerDetails, endMembership, setAutoRenewal, startMembership } from '../commands/memberships.js';
import { advancePayment } from '../flows/payment.js';
import { paymentWindow } from '../store/payment-window.js';
import { currentSubscriptionView, latestSubscription, memberCredit, subscriptionDetailsView } from '../store/subscription-views.js';
import type { PaymentsTable } from '../store/tables.js';

/** The member's subscription calls, exactly the spec's paths and shapes. */
export function subscriptionRoutes(context: PaymentsContext) {
  const paymentWindowFields = (payment: PaymentsTable | undefined) => {
    const open = paymentWindow(payment, context.timeouts);
    return { payment_expires_at: open.expiresAt, payment_timeout_seconds: open.timeoutSeconds };
  };

  async function customerFor(memberId: string, body: z.output<typeof createMandateSchema>): Promise<CustomerDetails> {
    const profile = await context.db.selectFrom('member_profiles').selectAll().where('member_id', '=', memberId).executeTakeFirst();
    await requireMembershipEligibility(context, profile);
    const first = body.first_name ?? profile?.firstname ?? '';
    const last = body.last_name ?? profile?.lastname ?? '';
    const phone = body.customer_phone ?? (profile?.mobile ? normaliseIndianMobile(profile.mobile) : undefined);
    const email = body.customer_email ?? profile?.email;
    if (!first.trim() || !last.trim() || !phone || !email) throw badRequest(PROFILE_INCOMPLETE);
    return { name: body.customer_name ?? `${first.trim()} ${last.trim()}`, email, phone };
  }

  async function startFor(memberId: string, body: z.output<typeof createMandateSchema>) {
    const started = await startMembership(context, memberId, await customerFor(memberId, body));
    return {
      order_id: started.subscriptionId,
      subscription_id: started.subscriptionId,
      payment_session_id: started.sessionId,
      payment_link: started.authorizationLink,
      gateway: context.gateway.kind,
      ...(context.gateway.kind === 'cashfree' ? { cashfree_mode: context.settings.CASHFREE_ENVIRONMENT } : {}),
    };
  }

  async function detailsOf(memberId: string) {
    const row = await latestSubscription(context, memberId);
    if (!row) throw notFound('No subscription found');
    return subscriptionDetailsView(row);
  }

  return new Hono<AppEnv>()
    .get('/subscription/current', async (c) => {
      const member = requireMember(c);
      const row = await latestSubscription(context, member.id);
      const payment = row?.latest_payment_id
        ? await context.db.selectFrom('payments').selectAll().where('payment_id', '=', row.latest_payment_id).executeTakeFirst()
        : undefined;
      const credit = await memberCredit(context, member.id);
      return c.json({
        is_success: true,
        message: row ? 'Subscription found' : 'No subscription found',
        data: {
          has_subscription: Boolean(row),
          subscription: row ? currentSubscriptionView(row, payment) : null,
          credit_balance: rupeesOf(credit),
          credit_balance_paise: credit,
        },
      });
    })
    .post('/subscription/create-upi-mandate', jsonBody(createMandateSchema), async (c) => {
      const member = requireMember(c);
      return c.json({ is_success: true, message: 'Redirecting to payment...', data: await startFor(member.id, c.req.valid('json')) });
    })
    .put('/subscription/revoke-mandate/:mandate_id', pathParams(z.object({ mandate_id: z.string().min(1).max(200) })), async (c) => {
      const member = requireMember(c);
      await endMembership(context, member.id, {
        reason: 'Mandate revoked by the member',
        revoke: true,
        mandateId: c.req.valid('param').mandate_id,
      });
      return c.json({ is_success: true, message: 'Mandate revoked successfully. Your subscription has been cancelled.' });
    })
    .get('/subscription/mandate-status/:order_id', pathParams(z.object({ order_id: z.string().min(1).max(100) })), async (c) => {
      const member = requireMember(c);
      const orderId = c.req.valid('param').order_id;
      let row = await context.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('subscription_id', '=', orderId)
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      if (!row) throw notFound('No order information found. Please try initiating the payment again.');
      // Webhooks may be late or lost: a poll of a pending mandate also asks the gateway, a few seconds apart at most.
      if (row.status === 'pending' && row.latest_payment_id && context.gatewayChecks.tryCheck(row.latest_payment_id)) {
        await advancePayment(context, row.latest_payment_id, 'gateway').catch((error) =>
          context.logger.warn({ err: error }, 'mandate status check failed'),
        );
        row = await context.db.selectFrom('subscriptions').selectAll().where('subscription_id', '=', orderId).executeTakeFirstOrThrow();
      }
      const payment = row.latest_payment_id
        ? await context.db.selectFrom('payments').selectAll().where('payment_id', '=', row.latest_payment_id).executeTakeFirst()
        : undefined;
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
    })
    .get('/api/subscription/details', async (c) => {
      const member = requireMember(c);
      const row = await latestSubscription(context, member.id);
      return c.json({ is_success: true, data: row ? subscriptionDetailsView(row) : null });
    })
    .post('/api/subscription/create', jsonBody(createSubscriptionSchema), async (c) => {
      const member = requireMember(c);
      const started = await startFor(member.id, {});
      return c.json({ is_success: true, message: 'Redirecting to payment...', data: { ...started, redirect_url: started.payment_link } });
    })
    .post('/api/subscription/toggle-auto-renewal', jsonBody(toggleAutoRenewalSchema), async (c) => {
      const member = requireMember(c);
      await setAutoRenewal(context, member.id, c.req.valid('json').autoRenewal);
      return c.json({ is_success: true, message: 'Auto-renewal updated', data: await detailsOf(member.id) });
    })
    .post('/api/subscription/cancel', jsonBody(cancelSubscriptionSchema), async (c) => {
      const member = requireMember(c);
      await endMembership(context, member.id, { reason: c.req.valid('json').reason || 'Cancelled by the member', revoke: false });
      return c.json({ is_success: true, message: 'Subscription cancelled', data: await detailsOf(member.id) });
    });
}
