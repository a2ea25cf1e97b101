import { fileURLToPath } from 'node:url';
import { atRiskBeforeTimeout, dropAnchorSetting, eventRegistries, paymentTimeoutSettings, paymentTimeoutsOf } from '@elts/contracts';
import { adminsOnly, defineService, type ServiceInstance } from '@elts/platform';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { chartRoutes } from './api/chart-routes.js';
import { operationsRoutes } from './api/operations-routes.js';
import { orderRoutes } from './api/order-routes.js';
import { paymentRoutes } from './api/payment-routes.js';
import { projectionRoutes } from './api/projection-routes.js';
import { userRoutes } from './api/user-routes.js';
import { catalogAuditProjection } from './consumers/catalog-audit.js';
import { contactMessagesProjection } from './consumers/contact-messages.js';
import { exchangeAuditProjection } from './consumers/exchange-audit.js';
import { giveawayAuditProjection } from './consumers/giveaway-audit.js';
import { ordersProjection } from './consumers/orders.js';
import { paymentsProjection } from './consumers/payments.js';
import { usersProjection } from './consumers/users.js';
import type { AdminBffContext } from './context.js';
import { Projections } from './projections.js';
import type { AdminDb } from './store/tables.js';

export interface AdminBffInstance extends ServiceInstance {
  /** The read models' consumers: `npm run projections:rebuild` rebuilds through them. */
  projections: Projections;
}

/** The back office's API, over read models it builds from every service's events. */
export const adminBffService = defineService({
  name: 'admin-bff',
  // The payments service's timeout settings (the same variables, parsed alike): the back office reports "at risk" by
  // the thresholds payments times payments out by. The catalogue's drop calendar anchor likewise: the Drops chart
  // counts a product in the calendar's drop the catalogue sells it in (decision 0170).
  configSchema: z.object({ ...paymentTimeoutSettings, DROP_ANCHOR_DATE: dropAnchorSetting }).refine(...atRiskBeforeTimeout),
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  registry: eventRegistries['admin-bff'],
  async create(runtime) {
    const db = runtime.db as Kysely<AdminDb>;
    const projections = new Projections(
      db,
      runtime.bus,
      [
        contactMessagesProjection(db as never),
        usersProjection(db),
        paymentsProjection(db),
        ordersProjection(db),
        catalogAuditProjection(db),
        giveawayAuditProjection(db),
        exchangeAuditProjection(db),
      ],
      runtime.logger,
    );
    const app = runtime.createApp();
    // Every back-office call needs an admin session, checked before its input is read: without one, a bad body or
    // query answers 401 too, never a validation message.
    app.use('/admin/*', adminsOnly);
    const context: AdminBffContext = {
      db,
      projections,
      clients: {
        payments: () => runtime.client('payments'),
        orders: () => runtime.client('orders'),
        catalog: () => runtime.client('catalog'),
      },
      identity: () => runtime.client('identity'),
      timeouts: paymentTimeoutsOf(runtime.config),
      dropAnchor: runtime.config.DROP_ANCHOR_DATE,
      logger: runtime.logger,
      clock: runtime.clock,
    };
    app.route('/', userRoutes(context));
    app.route('/', paymentRoutes(context));
    app.route('/', chartRoutes(context));
    app.route('/', orderRoutes(context));
    app.route('/', operationsRoutes(context));
    app.route('/', projectionRoutes(context));
    const instance: AdminBffInstance = {
      app,
      projections,
      start: () => projections.start(),
      stop: () => projections.stop(),
    };
    return instance;
  },
});
