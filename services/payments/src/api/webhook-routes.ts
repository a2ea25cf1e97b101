import { paymentsOperations } from '@elts/contracts';
import { type AppEnv, failureBody, mount } from '@elts/platform';
import { Hono } from 'hono';
import type { PaymentsContext } from '../commands/context.js';
import { advanceRefund } from '../commands/refunds.js';
import { WebhookRejected } from '../gateway/payment-gateway.js';
import { movePayment } from '../processes/membership/process-manager.js';
import { findPaymentId, findPaymentIdOfGatewayOrder, findRefundPayment } from '../store/payment-reads.js';
import { findLatestPaymentIdOfSubscription } from '../store/subscriptions.js';
import { forgetWebhookReceipt, recordWebhookReceipt } from '../store/webhook-receipts.js';

/**
 * `POST /webhooks/cashfree`: the signature is checked over the raw body with its timestamp (stale deliveries
 * refused), a delivery seen before is acknowledged and ignored, and otherwise the webhook is taken as a hint: the
 * payment it names is settled from what the gateway says now. Unknown event types and unknown orders are
 * acknowledged (so the gateway stops retrying) and logged.
 */
export function webhookRoutes(context: PaymentsContext) {
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.cashfreeWebhook, async (c) => {
    const raw = await c.req.text();
    let webhook: ReturnType<typeof context.gateway.verifyWebhook>;
    try {
      webhook = context.gateway.verifyWebhook(raw, c.req.raw.headers, context.clock.now());
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      context.logger.warn({ reason: error.reason }, 'webhook refused');
      const status = error.reason === 'malformed' ? 400 : 401;
      return c.json(failureBody('webhook_rejected', `Webhook refused: ${error.reason}`, c.get('requestId')), status);
    }
    const fresh = await recordWebhookReceipt(context.db, { id: webhook.id, type: webhook.type, receivedAt: context.clock.now() });
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
      const outcome = await movePayment(context, paymentId, 'gateway');
      return c.json({ is_success: true, message: 'Processed', data: { outcome } });
    } catch (error) {
      // Let the gateway deliver again later rather than lose the hint.
      await forgetWebhookReceipt(context.db, webhook.id);
      throw error;
    }
  });
  return app;
}

/** A refund's webhook: the refund it names (by our refund id) is settled from what the gateway says now. */
async function refundNamedBy(context: PaymentsContext, webhook: ReturnType<PaymentsContext['gateway']['verifyWebhook']>) {
  const row = webhook.refundId ? await findRefundPayment(context.db, webhook.refundId) : undefined;
  if (!row?.refund_of) {
    context.logger.info({ type: webhook.type, refundId: webhook.refundId }, 'refund webhook for nothing we know; acknowledged');
    return { is_success: true, message: 'Acknowledged' };
  }
  try {
    const refund = await advanceRefund(context, row.refund_of, row.payment_id);
    return { is_success: true, message: 'Processed', data: { status: refund?.status ?? null } };
  } catch (error) {
    await forgetWebhookReceipt(context.db, webhook.id);
    throw error;
  }
}

async function paymentNamedBy(
  context: PaymentsContext,
  webhook: ReturnType<PaymentsContext['gateway']['verifyWebhook']>,
): Promise<string | undefined> {
  const { db } = context;
  if (webhook.kind === 'payment' && webhook.orderId) {
    return findPaymentIdOfGatewayOrder(db, webhook.orderId);
  }
  if (webhook.kind === 'subscription_payment' && webhook.paymentId && webhook.subscriptionId) {
    const renewal = await findPaymentId(db, webhook.paymentId);
    if (renewal) return renewal;
  }
  if ((webhook.kind === 'subscription' || webhook.kind === 'subscription_payment') && webhook.subscriptionId) {
    return findLatestPaymentIdOfSubscription(db, webhook.subscriptionId);
  }
  return undefined;
}
