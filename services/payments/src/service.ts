import { fileURLToPath } from 'node:url';
import { paymentsEvents, paymentTimeoutsOf } from '@elts/contracts';
import { defineService, type Subscription } from '@elts/platform';
import { membershipPlanOf, workflowMigrations } from '@elts/workflows';
import type { Kysely } from 'kysely';
import { eInvoiceRoutes } from './api/e-invoice-routes.js';
import { emulatorRoutes } from './api/emulator-routes.js';
import { internalRoutes } from './api/internal-routes.js';
import { invoiceRoutes } from './api/invoice-routes.js';
import { ordersInternalRoutes } from './api/orders-internal-routes.js';
import { savingsRoutes } from './api/savings-routes.js';
import { subscriptionRoutes } from './api/subscription-routes.js';
import { webhookRoutes } from './api/webhook-routes.js';
import type { PaymentsContext } from './commands/context.js';
import { GatewayCheckLimiter } from './commands/gateway-checks.js';
import { reconcile } from './commands/reconcile.js';
import { memberProfilesConsumer } from './consumers/member-profiles.js';
import { productOrdersConsumer, productTaxFactsConsumer } from './consumers/product-orders.js';
import { cronForDriver } from './cron/cron-for-driver.js';
import { workflowDriver } from './durable-steps/driver.js';
import { workflowStepRoutes } from './durable-steps/step-routes.js';
import { eInvoicing } from './e-invoicing/index.js';
import { createGateway, rememberEmulator, usesCashfree } from './gateway/create-gateway.js';
import { paymentsSettings, productionSettingsProblems } from './settings.js';
import type { PaymentsDb } from './store/tables.js';

/** Payments, the gateway adapters, webhooks, subscriptions and mandates, GST invoices, membership credit. */
export const paymentsService = defineService({
  name: 'payments',
  configSchema: paymentsSettings,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  extraMigrations: () => workflowMigrations({ signalOutbox: true }),
  registry: paymentsEvents,
  settingsProblems: (settings, nodeEnv) => (nodeEnv === 'production' ? productionSettingsProblems(settings, usesCashfree(settings)) : []),
  async create(runtime) {
    const { config: settings, logger } = runtime;
    const production = runtime.nodeEnv === 'production';
    const db = runtime.db as Kysely<PaymentsDb>;
    // The in-process emulator's webhooks take the whole HTTP path into this service, as Cashfree's would.
    const postWebhook = async (request: Request) =>
      app.request(new URL(request.url).pathname, { method: 'POST', body: await request.text(), headers: request.headers });
    const { gateway, emulator, close: closeGateway } = await createGateway(settings, db, logger, postWebhook);
    const workflows = await workflowDriver(settings, db, logger, runtime.clock);
    const context: PaymentsContext = {
      db,
      events: runtime.events,
      gateway,
      settings,
      timeouts: paymentTimeoutsOf(settings),
      membership: membershipPlanOf(settings),
      workflows: workflows.signals,
      gatewayChecks: new GatewayCheckLimiter(),
      orders: () => runtime.client('orders'),
      logger,
      clock: runtime.clock,
    };
    workflows.bind(context);

    const { cron, stepWatch } = await cronForDriver(settings, {
      db,
      scheduler: workflows.embedded.scheduler,
      reconcileNow: (mode) => reconcile(context, mode),
      logger,
    });

    const app = runtime.createApp();
    app.route('/', internalRoutes(cron));
    if (stepWatch) app.use('/internal/workflow-steps/:type', stepWatch);
    app.route('/', workflowStepRoutes(context));
    app.route('/', ordersInternalRoutes(context));
    app.route('/', subscriptionRoutes(context));
    app.route('/', savingsRoutes(context));
    app.route('/', webhookRoutes(context));
    app.route('/', invoiceRoutes(context));
    // Off by default: B2B product invoices registered with the IRP by one owner, never in the invoice's way (0162).
    const eInvoices = eInvoicing(settings, db, logger);
    app.route('/', eInvoiceRoutes(context, eInvoices));
    if (emulator) {
      app.route('/', emulatorRoutes(emulator, production));
      rememberEmulator(app, emulator);
    }

    const consumers = [memberProfilesConsumer(db), productTaxFactsConsumer(db), productOrdersConsumer(context)];
    let subscriptions: Subscription[] = [];
    return {
      app,
      async start() {
        subscriptions = await Promise.all(consumers.map((consumer) => consumer.subscribe(runtime.bus)));
        await workflows.start();
        eInvoices?.start();
      },
      async stop() {
        await eInvoices?.stop();
        await workflows.stop();
        await cron.close();
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
        await closeGateway();
      },
    };
  },
});
