import { fileURLToPath } from 'node:url';
import { catalogEvents, identityOperations, stepOperations } from '@elts/contracts';
import { defineService, failingStepRoutes, type ServiceInstance, type Subscription } from '@elts/platform';
import { DEFAULT_FAILING_AFTER_ATTEMPTS, type JobScheduler, schedulerStepControl, workflowMigrations } from '@elts/workflows';
import type { Kysely } from 'kysely';
import { dropAlertSchedule, planComingDrops, registerDropAlertJobs } from './alerts/drop-alert-jobs.js';
import { dropRoutes } from './api/drop-routes.js';
import { earlyAccessRoutes } from './api/early-access-routes.js';
import { imageRoutes } from './api/image-routes.js';
import { productRoutes } from './api/product-routes.js';
import { stockRoutes } from './api/stock-routes.js';
import { DealsBoard } from './board/deals-board.js';
import type { CatalogContext } from './commands/context.js';
import { membersFromIdentity } from './consumers/members.js';
import { completedOrdersFromOrders } from './consumers/orders.js';
import { subscribeThen } from './consumers/subscribe.js';
import { subscriptionsFromPayments } from './consumers/subscriptions.js';
import { seedDemoCatalog } from './demo/seed.js';
import { holdExpiryScheduler } from './jobs/hold-expiry.js';
import { catalogSettings } from './settings.js';
import type { CatalogDb } from './store/tables.js';

/** What tests reach beyond the app: the job driver (to run the expiry now) and the context. */
export interface CatalogInstance extends ServiceInstance {
  scheduler: JobScheduler;
  context: CatalogContext;
}

/** Products, variants, brands, stock and holds, deal drops, the deals board. */
export const catalogService = defineService({
  name: 'catalog',
  configSchema: catalogSettings,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  extraMigrations: () => workflowMigrations({ signalOutbox: false }),
  registry: catalogEvents,
  async create(runtime) {
    const { config, logger } = runtime;
    const db = runtime.db as Kysely<CatalogDb>;
    const board = new DealsBoard(
      db,
      {
        dropAnchor: config.DROP_ANCHOR_DATE,
        refreshSeconds: config.BOARD_REFRESH_SECONDS,
        earlyAccessOnly: config.EARLY_ACCESS_ONLY,
      },
      runtime.clock,
    );
    const leads = { previewHours: config.DROP_ALERT_PREVIEW_HOURS, lastCallHours: config.DROP_ALERT_LAST_CALL_HOURS };
    const context: CatalogContext = {
      db,
      events: runtime.events,
      settings: config,
      board,
      logger,
      clock: runtime.clock,
      // The scheduler is made from the context; the drop commands reach it only once both exist.
      alerts: dropAlertSchedule(
        () => scheduler,
        leads,
        () => runtime.clock.now(),
      ),
    };
    const scheduler = holdExpiryScheduler(context);
    // A drop's preview, opening and last call go to identity, which queues each member's message (decision 0088).
    registerDropAlertJobs(
      scheduler,
      context,
      (body) =>
        runtime
          .client('identity')
          .operation(identityOperations.queueDropAlerts, { body }, { idempotent: true })
          .then((data) => data.outcomes),
      leads,
    );

    // One instance seeds; another starting at the same moment waits, then finds the catalogue there (issue 32).
    if (config.SEED_DEMO_CATALOG ?? runtime.nodeEnv !== 'production')
      await runtime.exclusively('demo-seed', () => seedDemoCatalog(context));

    const app = runtime.createApp();
    app.route('/', stockRoutes(context));
    app.route('/', imageRoutes());
    app.route('/', productRoutes(context));
    app.route('/', dropRoutes(context));
    app.route('/', earlyAccessRoutes(context));
    // Its hold-expiry steps that keep failing, for the back office's Cron page.
    app.route('/', failingStepRoutes(schedulerStepControl(scheduler, DEFAULT_FAILING_AFTER_ATTEMPTS), stepOperations('catalog')));

    const consumers = [
      { consumer: membersFromIdentity(db, runtime.clock), changes: (type: string) => type === 'ListsUpdated' },
      { consumer: subscriptionsFromPayments(db, runtime.clock), changes: () => false },
      { consumer: completedOrdersFromOrders(db), changes: () => true },
    ];
    let subscriptions: Subscription[] = [];
    const instance: CatalogInstance = {
      app,
      scheduler,
      context,
      async start() {
        subscriptions = await Promise.all(
          consumers.map(({ consumer, changes }) =>
            subscribeThen(consumer, runtime.bus, (type) => {
              if (changes(type)) board.interestChanged();
            }),
          ),
        );
        await scheduler.start();
        // The calendar's coming drops are planned at once, not an hour after a start.
        await planComingDrops(context, scheduler, leads).catch((error) => logger.warn({ err: error }, 'planning drop alerts failed'));
      },
      async stop() {
        await scheduler.stop();
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      },
    };
    return instance;
  },
});
