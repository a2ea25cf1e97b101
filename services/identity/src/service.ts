import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { identityEvents } from '@elts/contracts';
import { defineService, forwardedClientAddress, type Subscription } from '@elts/platform';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { DropAlertPushes } from './alerts/drop-alert-push.js';
import { DropAlertWhatsApp } from './alerts/drop-alert-whatsapp.js';
import { adminAuthRoutes } from './api/admin-auth-routes.js';
import { alertFiguresRoutes } from './api/alert-figures-routes.js';
import { alertRoutes } from './api/alert-routes.js';
import { communityRoutes } from './api/community-routes.js';
import { contactRoutes } from './api/contact-routes.js';
import { devIdpRoutes, devMailboxRoutes, devTextMessageRoutes } from './api/dev-routes.js';
import { giveawayAdminRoutes } from './api/giveaway-admin-routes.js';
import { internalRoutes } from './api/internal-routes.js';
import { memberAuthRoutes } from './api/member-auth-routes.js';
import { profileRoutes } from './api/profile-routes.js';
import { whatsappWebhookRoutes } from './api/whatsapp-webhook-routes.js';
import { DEV_IDP_AUDIENCE, openDevIdentityProvider } from './auth/dev-idp.js';
import { googleIssuer, localIssuer, type TrustedIssuer } from './auth/id-token.js';
import { resolveSessions } from './auth/resolve-sessions.js';
import { Sessions } from './auth/sessions.js';
import { ensureFirstAdmin } from './commands/admins.js';
import type { IdentityContext } from './commands/context.js';
import { exchangeMailConsumer } from './consumers/exchange-mail.js';
import { orderMailConsumer } from './consumers/orders.js';
import { paymentMailConsumer } from './consumers/payment-mail.js';
import { refundMailConsumer } from './consumers/refund-mail.js';
import { shippingUpdatesConsumer } from './consumers/shipping-updates.js';
import { subscriptionStatusConsumer } from './consumers/subscriptions.js';
import { MailOutbox } from './mail/mail-outbox.js';
import { pushEndpointAllowed } from './notify/push-endpoints.js';
import { TextMessageOutbox } from './notify/text-message-outbox.js';
import { vapidKeyPair } from './notify/vapid.js';
import { WebPushSender } from './notify/web-push.js';
import { WhatsAppCloudSender } from './notify/whatsapp.js';
import { identitySettings } from './settings.js';
import { MembersView } from './store/members-projection.js';
import type { IdentityDb } from './store/tables.js';

/** Members, sign-in, sessions, admin accounts, profiles, lists, invitations, wall, giveaway, contact messages, mail. */
export const identityService = defineService({
  name: 'identity',
  configSchema: identitySettings,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  registry: identityEvents,
  settingsProblems: (config, nodeEnv) => [
    ...(nodeEnv === 'production' && !config.GOOGLE_CLIENT_ID ? ['GOOGLE_CLIENT_ID: required in production'] : []),
    ...(Boolean(config.WHATSAPP_ACCESS_TOKEN) !== Boolean(config.WHATSAPP_PHONE_NUMBER_ID)
      ? ['WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID: give both or neither']
      : []),
    ...(Boolean(config.WHATSAPP_APP_SECRET) !== Boolean(config.WHATSAPP_WEBHOOK_VERIFY_TOKEN)
      ? ['WHATSAPP_APP_SECRET and WHATSAPP_WEBHOOK_VERIFY_TOKEN: give both or neither']
      : []),
    ...(nodeEnv === 'production' && config.WEB_PUSH_TEST_ORIGINS
      ? ['WEB_PUSH_TEST_ORIGINS: a tests-only setting, not taken in production']
      : []),
    ...(Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)
      ? ['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: give both or neither']
      : []),
  ],
  async create(runtime) {
    const { config, logger } = runtime;
    const production = runtime.nodeEnv === 'production';
    const db = runtime.db as Kysely<IdentityDb>;
    const events = runtime.events;
    const members = new MembersView(db);
    const sessions = new Sessions(db as never, runtime.clock);
    const secureCookies = config.SECURE_COOKIES ?? production;
    const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
    const mail = new MailOutbox(
      db as never,
      config.MAIL_FROM,
      config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined,
      logger,
      runtime.clock,
    );
    // The notifications port's embedded adapter: no SMS provider is configured yet (docs/decisions/0023).
    const texts = new TextMessageOutbox(db as never, logger, runtime.clock);

    // Drop alerts by Web Push (docs/decisions/0160): offered when there is a VAPID key pair.
    const vapid = await vapidKeyPair(
      db,
      { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
      production,
      runtime.clock,
    );
    if (!vapid) logger.warn('Web Push is not offered: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set');
    const pushes = vapid
      ? new DropAlertPushes(
          db,
          new WebPushSender(
            { ...vapid, subject: config.VAPID_SUBJECT },
            config.WEB_PUSH_CA_FILE ? readFileSync(config.WEB_PUSH_CA_FILE, 'utf8') : undefined,
            config.WEB_PUSH_TEST_ORIGINS,
          ),
          logger,
          runtime.clock,
        )
      : undefined;

    // Drop alerts on WhatsApp (decision 0160): offered when the Cloud API is set up.
    const whatsapp =
      config.WHATSAPP_ACCESS_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
        ? new DropAlertWhatsApp(
            db,
            new WhatsAppCloudSender({
              apiUrl: config.WHATSAPP_API_URL,
              version: config.WHATSAPP_API_VERSION,
              phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
              accessToken: config.WHATSAPP_ACCESS_TOKEN,
            }),
            {
              name: config.WHATSAPP_DROP_ALERT_TEMPLATE,
              language: config.WHATSAPP_TEMPLATE_LANGUAGE,
              category: 'MARKETING',
              bodyParameters: 2,
            },
            logger,
            runtime.clock,
            {
              template: {
                name: config.WHATSAPP_WAITLIST_TEMPLATE,
                language: config.WHATSAPP_TEMPLATE_LANGUAGE,
                category: 'UTILITY',
                bodyParameters: 4,
              },
              siteUrl: publicUrl,
            },
          )
        : undefined;

    const clientAddress = forwardedClientAddress(runtime.serviceToken);

    const trustedIssuers: TrustedIssuer[] = [];
    if (config.GOOGLE_CLIENT_ID) trustedIssuers.push(googleIssuer(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL));
    // The development provider signs anyone in as any email: it exists only while no real provider is set up.
    const devIdp = production || config.GOOGLE_CLIENT_ID ? undefined : await openDevIdentityProvider(db as never, `${publicUrl}/dev/idp`);
    if (devIdp) trustedIssuers.push(localIssuer(devIdp.issuer, DEV_IDP_AUDIENCE, devIdp.jwks));

    if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
      if (await ensureFirstAdmin(db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD))
        logger.info({ username: config.ADMIN_USERNAME }, 'first admin created');
    }

    const context: IdentityContext = {
      db,
      events,
      members,
      sessions,
      mail,
      texts,
      pushes,
      whatsapp,
      vapidPublicKey: vapid?.publicKey,
      settings: config,
      logger,
      clock: runtime.clock,
      publicUrl,
      secureCookies,
      clientAddress,
      trustedIssuers,
      catalog: () => runtime.client('catalog'),
    };
    const app = runtime.createApp();
    app.route('/', internalRoutes(context));
    app.route('/', memberAuthRoutes(context));
    app.route('/', adminAuthRoutes(context));
    app.route('/', profileRoutes(context));
    app.route('/', alertRoutes(context));
    app.route('/', alertFiguresRoutes(context));
    app.route('/', whatsappWebhookRoutes(context));
    app.route('/', communityRoutes(context));
    app.route('/', giveawayAdminRoutes(context));
    app.route('/', contactRoutes(context));
    if (devIdp) app.route('/', devIdpRoutes(devIdp));
    // With a real mail server the mail has gone out and members read it in their own inboxes.
    if (!production && !config.SMTP_URL) app.route('/', devMailboxRoutes(context));
    if (!production) app.route('/', devTextMessageRoutes(context));

    const orders = () => runtime.client('orders');
    const consumers = [
      subscriptionStatusConsumer(db, mail),
      orderMailConsumer(db, mail, orders, publicUrl, runtime.clock, { pushes, whatsapp }),
      shippingUpdatesConsumer(db, mail, texts, orders, publicUrl, runtime.clock),
      exchangeMailConsumer(db, mail, publicUrl, runtime.clock),
      refundMailConsumer(db, mail, orders, publicUrl, runtime.clock),
      paymentMailConsumer(db, mail, publicUrl, runtime.clock),
    ];
    let subscriptions: Subscription[] = [];
    return {
      app,
      resolveSessions: (tokens) => resolveSessions(context, tokens),
      async start() {
        mail.start();
        await pushes?.forgetDisallowedDevices((endpoint) => pushEndpointAllowed(endpoint, config.WEB_PUSH_TEST_ORIGINS));
        pushes?.start();
        whatsapp?.start();
        subscriptions = await Promise.all(consumers.map((consumer) => consumer.subscribe(runtime.bus)));
      },
      async stop() {
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
        await mail.stop();
        await pushes?.stop();
        await whatsapp?.stop();
      },
    };
  },
});
