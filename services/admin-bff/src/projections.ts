import type { EventBus, EventConsumer, Logger, Subscription } from '@elts/platform';
import type { Kysely } from 'kysely';
import { emptyReadModels } from './store/projection-reset.js';
import type { AdminDb } from './store/tables.js';

// Everything here is built from events; the audit rows of admin-bff's own actions (cron) are kept.
const REBUILT_TABLES = [
  'users',
  'member_subscription_status',
  'catalog_products',
  'user_list_items',
  'payments',
  'product_orders',
  'product_order_refunds',
  'subscriptions',
  'membership_changes',
  'payment_refunds',
  'stock_moves',
  'catalog_drops',
  'contact_messages',
  // Emptied after the read models, whose deletion has brought them to zero through their triggers.
  'payment_day_stats',
  'product_order_day_stats',
  'subscription_day_stats',
  'user_day_stats',
  'membership_day_stats',
  'fulfilment_day_stats',
  'refund_day_stats',
  'stock_hour_stats',
  'stock_day_stats',
  'user_facets',
] as const;

/**
 * The back office's read models and the consumers that keep them. They can be rebuilt from the event history at
 * any time: stop, empty the tables, forget what was applied, and let the bus deliver every event again.
 */
export class Projections {
  private subscriptions: Subscription[] = [];
  private rebuilding: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<AdminDb>,
    private readonly bus: EventBus,
    private readonly consumers: EventConsumer<any>[],
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.subscriptions = await Promise.all(this.consumers.map((consumer) => consumer.subscribe(this.bus)));
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
    this.subscriptions = [];
  }

  rebuild(): Promise<void> {
    this.rebuilding ??= this.runRebuild().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }

  private async runRebuild(): Promise<void> {
    this.logger.info('rebuilding the back office projections from the event history');
    await this.stop();
    await this.db.transaction().execute(async (trx) => {
      await emptyReadModels(trx, REBUILT_TABLES);
    });
    for (const consumer of this.consumers) await consumer.reset(this.bus);
    await this.start();
  }

  /** Events not yet applied, per consumer group: zero everywhere means the read models are current. */
  async status(): Promise<{ rebuilding: boolean; pending: Record<string, number> }> {
    const pending: Record<string, number> = {};
    for (const consumer of this.consumers) pending[consumer.group] = await consumer.pending(this.bus);
    return { rebuilding: this.rebuilding !== undefined, pending };
  }
}
