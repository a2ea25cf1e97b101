import { type AppEnv, failureBody } from '@elts/platform';
import { Hono } from 'hono';
import type { PaymentsContext } from '../commands/context.js';
import { advanceRefund } from '../commands/refunds.js';
import { advancePayment } from '../flows/payment.js';
import { WebhookRejected } from '../gateway/payment-gateway.js';

/**
 * `POST /webhooks/cashfree`: the signature is checked over the raw body with its timestamp (stale deliveries
 * refused), a delivery seen before is acknowledged and ignored, and otherwise the webhook is taken as a hint: the
 * payment it names is settled from what the gateway says now. Unknown event types and unknown orders are
 * acknowledged (so the gateway stops retrying) and logged.
 */
export function webhookRoutes(context: PaymentsContext) {
  return new Hono<AppEnv>().post('/webhooks/cashfree', async (c) => {
    const raw = await c.req.text();
    let webhook: ReturnType<typeof context.gateway.verifyWebhook>;
    try {
      webhook = context.gateway.verifyWebhook(raw, c.req.raw.headers);
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      context.logger.warn({ reason: error.reason }, 'webhook refused');
      const status = error.reason === 'malformed' ? 400 : 401;
      return c.json(failureBody('webhook_rejected', `Webhook refused: ${error.reason}`, c.get('requestId')), status);
    }
    const fresh = await context.db
      .insertInto('webhook_receipts')
      .values({ id: webhook.id, type: webhook.type, received_at: new Date() })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return c.json({ is_success: true, message: 'Already processed' });
    if (webhook.kind === 'refund') return c.json(await refundNamedBy(context, webhook));
    const paymentId = await paymentNamedBy(context, webhook);
    if (!paymentId) {
      context.logger.info(
        { type: webhook.type, orderId: webhook.orderId, subscriptionId: webhook.subscriptionId },
        'webhook for nothing we know; acknowledged',
      );
      return c.json({ is_success: true, message: 'Acknowledged' });
    }
    try {
      const outcome = await advancePayment(context, paymentId, 'gateway');
      return c.json({ is_success: true, message: 'Processed', data: { outcome } });
    } catch (error) {
      // Let the gateway deliver again later rather than lose the hint.
      await context.db.deleteFrom('webhook_receipts').where('id', '=', webhook.id).execute();
      throw error;
    }
  });
}

/** A refund's webhook: the refund it names (by our refund id) is settled from what the gateway says now. */
async function refundNamedBy(context: PaymentsContext, webhook: ReturnType<PaymentsContext['gateway']['verifyWebhook']>) {
  const row = webhook.refundId
    ? await context.db
        .selectFrom('payments')
        .select(['payment_id', 'refund_of'])
        .where('payment_id', '=', webhook.refundId)
        .where('payment_type', '=', 'refund')
        .executeTakeFirst()
    : undefined;
  if (!row?.refund_of) {
    context.logger.info({ type: webhook.type, refundId: webhook.refundId }, 'refund webhook for nothing we know; acknowledged');
    return { is_success: true, message: 'Acknowledged' };
  }
  try {
    const refund = await advanceRefund(context, row.refund_of, row.payment_id);
    return { is_success: true, message: 'Processed', data: { status: refund?.status ?? null } };
  } catch (error) {
    await context.db.deleteFrom('webhook_receipts').where('id', '=', webhook.id).execute();
    throw error;
  }
}

async function paymentNamedBy(
  context: PaymentsContext,
  webhook: ReturnType<PaymentsContext['gateway']['verifyWebhook']>,
): Promise<string | undefined> {
  const { db } = context;
  if (webhook.kind === 'payment' && webhook.orderId) {
    return (
      await db
        .selectFrom('payments')
        .select('payment_id')
        .where('order_id', '=', webhook.orderId)
        .where('purpose', 'not in', ['renewal', 'refund'])
        .executeTakeFirst()
    )?.payment_id;
  }
  if (webhook.kind === 'subscription_payment' && webhook.paymentId && webhook.subscriptionId) {
    const renewal = await db.selectFrom('payments').select('payment_id').where('payment_id', '=', webhook.paymentId).executeTakeFirst();
    if (renewal) return renewal.payment_id;
  }
  if ((webhook.kind === 'subscription' || webhook.kind === 'subscription_payment') && webhook.subscriptionId) {
    return (
      (
        await db
          .selectFrom('subscriptions')
          .select('latest_payment_id')
          .where('subscription_id', '=', webhook.subscriptionId)
          .executeTakeFirst()
      )?.latest_payment_id ?? undefined
    );
  }
  return undefined;
}
