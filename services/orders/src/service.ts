import { fileURLToPath } from 'node:url';
import { catalogOperations, eventRegistries, stepOperations } from '@elts/contracts';
import { defineService, failingStepRoutes, type Subscription } from '@elts/platform';
import { DEFAULT_FAILING_AFTER_ATTEMPTS, JobScheduler, schedulerStepControl, workflowMigrations } from '@elts/workflows';
import type { Kysely } from 'kysely';
import { exchangeRoutes } from './api/exchange-routes.js';
import { fulfilmentRoutes } from './api/fulfilment-routes.js';
import { ordersInternalRoutes } from './api/internal-routes.js';
import { orderRoutes } from './api/order-routes.js';
import { outOfStockRoutes } from './api/out-of-stock-routes.js';
import { refundRoutes } from './api/refund-routes.js';
import { serviceabilityRoutes } from './api/serviceability-routes.js';
import { waitlistRoutes } from './api/waitlist-routes.js';
import { internalPartners, type OrdersContext } from './commands/context.js';
import { FINISH_APPROVAL, finishApproval } from './commands/exchanges.js';
import { claimedKeys } from './commands/idempotency-claims.js';
import { REFUND_DUE, refundWhenDue } from './commands/out-of-stock.js';
import { PlacementGate } from './commands/placement-gate.js';
import { makeRetry, REFUND_RETRY } from './commands/refund-retries.js';
import { END_RESERVATION, endReservation, expireUnpaidOrder } from './commands/settle-order.js';
import { buyerContactsFromIdentity, buyersFromIdentity, buyersFromPayments } from './consumers/buyers.js';
import { orderPaymentsConsumer } from './consumers/payments.js';
import { restocksConsumer } from './consumers/restocks.js';
import { BlueDartDirectory } from './serviceability/bluedart.js';
import { OfflinePincodeDirectory } from './serviceability/offline-directory.js';
import type { PincodeDirectory } from './serviceability/pincode-directory.js';
import { Serviceability } from './serviceability/serviceability.js';
import { type OrdersSettings, ordersSettings } from './settings.js';
import type { OrdersDb } from './store/tables.js';
import { waitingRoomRoutes } from './waiting-room/routes.js';
import { WaitingRoom } from './waiting-room/waiting-room.js';
import { CLOSE_WAITLIST, closeWaitlistAtSaleEnd } from './waitlist/sale-end.js';

/** Product orders (the order saga), their fulfilment, order history, delivery serviceability (pincodes). */
export const ordersService = defineService({
  name: 'orders',
  configSchema: ordersSettings,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  extraMigrations: () => workflowMigrations({ signalOutbox: false }),
  registry: eventRegistries.orders,
  settingsProblems: (config) =>
    [0, 4].includes(blueDartCredentials(config).length)
      ? []
      : ['BLUEDART_CLIENT_ID, BLUEDART_CLIENT_SECRET, BLUEDART_LOGIN_ID, BLUEDART_LICENCE_KEY: set all four or none'],
  async create(runtime) {
    const { config, logger } = runtime;
    const db = runtime.db as Kysely<OrdersDb>;
    const serviceability = new Serviceability(pincodeDirectory(config), config.SERVICEABLE_STATES);
    const scheduler = new JobScheduler(db, { logger, pollMs: config.WORKFLOW_POLL_MS, clock: runtime.clock });
    const gate = new PlacementGate({
      atOnce: config.ORDER_PLACEMENTS_AT_ONCE,
      waiting: config.ORDER_PLACEMENTS_WAITING,
      soldOutMs: config.SOLD_OUT_MEMORY_MS,
      clock: runtime.clock,
    });
    const context: OrdersContext = {
      db,
      events: runtime.events,
      settings: config,
      serviceability,
      partners: internalPartners(
        () => runtime.client('catalog'),
        () => runtime.client('payments'),
        () => gate.unitsBack(),
      ),
      logger,
      clock: runtime.clock,
      gate,
      waitingRoom: new WaitingRoom({
        db,
        clock: runtime.clock,
        settings: config,
        logger,
        nextDrop: () => runtime.client('catalog').operation(catalogOperations.nextDrop, {}),
      }),
      keyClaimed: claimedKeys(db),
      expireLater: (orderId, memberId, at) =>
        scheduler.schedule('order.expire', orderId, at, { orderId, memberId }, { onlyIfAbsent: true }),
      reservationEndsAt: (trx, orderId, at) => scheduler.schedule(END_RESERVATION, orderId, at, { orderId }, { db: trx }),
      // One step per product and end: a sale moved later is a new step, made by the one that found it still open.
      waitlistClosesAt: (productId, at) =>
        scheduler.schedule(CLOSE_WAITLIST, `${productId}@${at.toISOString()}`, at, { productId }, { onlyIfAbsent: true }),
      refundDueAt: (trx, orderId, at) => scheduler.schedule(REFUND_DUE, orderId, at, { orderId }, { db: trx }),
      finishApprovalAt: (trx, exchangeId, at) => scheduler.schedule(FINISH_APPROVAL, exchangeId, at, { exchangeId }, { db: trx }),
      refundRetryAt: (trx, orderId, retryOf, at) =>
        scheduler.schedule(REFUND_RETRY, `${orderId}:${retryOf}`, at, { orderId, retryOf }, { db: trx }),
    };
    scheduler.register('order.expire', async ({ orderId, memberId }) => expireUnpaidOrder(context, orderId, memberId));
    scheduler.register(END_RESERVATION, async ({ orderId }) => endReservation(context, orderId));
    scheduler.register(CLOSE_WAITLIST, async ({ productId }) => closeWaitlistAtSaleEnd(context, productId));
    scheduler.register(REFUND_DUE, async ({ orderId }) => refundWhenDue(context, orderId));
    scheduler.register(FINISH_APPROVAL, async ({ exchangeId }) => finishApproval(context, exchangeId).then(() => undefined));
    scheduler.register(REFUND_RETRY, async ({ orderId, retryOf }) => makeRetry(context, orderId, retryOf));

    const app = runtime.createApp();
    app.route('/', serviceabilityRoutes(serviceability));
    app.route('/', orderRoutes(context));
    app.route('/', fulfilmentRoutes(context));
    app.route('/', outOfStockRoutes(context));
    app.route('/', exchangeRoutes(context));
    app.route('/', refundRoutes(context));
    app.route('/', waitlistRoutes(context));
    app.route('/', waitingRoomRoutes(context));
    app.route('/', ordersInternalRoutes(context));
    // Its unpaid-order expiries, reservations' ends, refunds, refund retries and exchange approvals that keep failing, for the Cron page.
    app.route('/', failingStepRoutes(schedulerStepControl(scheduler, DEFAULT_FAILING_AFTER_ATTEMPTS), stepOperations('orders')));

    const consumers = [
      buyersFromIdentity(db),
      buyerContactsFromIdentity(db),
      buyersFromPayments(db),
      orderPaymentsConsumer(context),
      restocksConsumer(context),
    ];
    let subscriptions: Subscription[] = [];
    return {
      app,
      async start() {
        subscriptions = await Promise.all(consumers.map((consumer) => consumer.subscribe(runtime.bus)));
        await scheduler.start();
      },
      async stop() {
        await scheduler.stop();
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      },
    };
  },
});

function blueDartCredentials(config: OrdersSettings): string[] {
  const { BLUEDART_CLIENT_ID, BLUEDART_CLIENT_SECRET, BLUEDART_LOGIN_ID, BLUEDART_LICENCE_KEY } = config;
  return [BLUEDART_CLIENT_ID, BLUEDART_CLIENT_SECRET, BLUEDART_LOGIN_ID, BLUEDART_LICENCE_KEY].filter((value) => value !== undefined);
}

/** Blue Dart's API when its credentials are set (settingsProblems has refused a partial set), the offline directory otherwise. */
function pincodeDirectory(config: OrdersSettings): PincodeDirectory {
  const { BLUEDART_CLIENT_ID, BLUEDART_CLIENT_SECRET, BLUEDART_LOGIN_ID, BLUEDART_LICENCE_KEY } = config;
  if (blueDartCredentials(config).length === 0) return new OfflinePincodeDirectory();
  return new BlueDartDirectory({
    baseUrl: config.BLUEDART_BASE_URL,
    clientId: BLUEDART_CLIENT_ID as string,
    clientSecret: BLUEDART_CLIENT_SECRET as string,
    loginId: BLUEDART_LOGIN_ID as string,
    licenceKey: BLUEDART_LICENCE_KEY as string,
  });
}
