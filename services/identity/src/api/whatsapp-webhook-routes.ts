import { identityOperations as ops } from '@elts/contracts';
import { type AppEnv, failureBody, mount } from '@elts/platform';
import { type Context, Hono } from 'hono';
import type { IdentityContext } from '../commands/context.js';
import { handshakeAnswer, statusesOf, verifySignature, WhatsAppWebhookRefused } from '../notify/whatsapp-webhook.js';
import { recordWhatsAppStatuses } from '../store/whatsapp.js';

/**
 * Meta's WhatsApp webhook (docs/decisions/0168): the subscription handshake, then signed status notifications, each
 * message's sent, delivered, read or failed recorded once (a notification delivered again records nothing more), for
 * the operators' figures. Without WHATSAPP_APP_SECRET the webhook is not set up and says so. Neither the app secret,
 * the verify token nor a body is logged.
 */
export function whatsappWebhookRoutes(deps: IdentityContext) {
  const app = new Hono<AppEnv>();
  const { WHATSAPP_APP_SECRET: appSecret, WHATSAPP_WEBHOOK_VERIFY_TOKEN: verifyToken } = deps.settings;
  const refuse = (c: Context<AppEnv>, error: unknown) => {
    if (!(error instanceof WhatsAppWebhookRefused)) throw error;
    deps.logger.warn({ status: error.status, reason: error.message }, 'whatsapp webhook refused');
    return c.json(failureBody('webhook_rejected', error.message, c.get('requestId')), error.status);
  };
  const notSetUp = (c: Context<AppEnv>) =>
    c.json(failureBody('not_found', "WhatsApp's webhook is not set up on this product.", c.get('requestId')), 404);

  mount(app, ops.whatsappWebhookHandshake, (c) => {
    if (!appSecret || !verifyToken) return notSetUp(c);
    const query = c.req.valid('query');
    try {
      const challenge = handshakeAnswer(
        { mode: query['hub.mode'], token: query['hub.verify_token'], challenge: query['hub.challenge'] },
        verifyToken,
      );
      return c.text(challenge);
    } catch (error) {
      return refuse(c, error);
    }
  });

  mount(app, ops.whatsappWebhook, async (c) => {
    if (!appSecret || !verifyToken) return notSetUp(c);
    const raw = await c.req.text();
    try {
      verifySignature(raw, c.req.header('x-hub-signature-256'), appSecret);
      const statuses = statusesOf(raw);
      const recorded = await recordWhatsAppStatuses(deps.db, statuses, deps.clock.now());
      return c.json({ is_success: true, data: { statuses: statuses.length, recorded } });
    } catch (error) {
      return refuse(c, error);
    }
  });
  return app;
}
