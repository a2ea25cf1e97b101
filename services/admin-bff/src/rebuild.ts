import { randomBytes } from 'node:crypto';
import { bootService, type Database, type EventBus, type Logger, schemaOf } from '@elts/platform';
import { type AdminBffInstance, adminBffService } from './service.js';
import { hasEventsTable } from './store/projection-reset.js';

/** The services whose events admin-bff's read models are built from. */
export const ADMIN_SOURCES = ['identity', 'payments', 'orders', 'catalog'] as const;

export interface RebuildOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** How long to wait for the bus to deliver the whole history again. */
  timeoutMs?: number;
  pollMs?: number;
}

/**
 * Rebuilds admin-bff's read models from the event history, as `npm run projections:rebuild` does: boots the service
 * on the given database and bus (applying its migrations), empties the read models, makes its consumer groups start
 * again from each source's first event, and waits until every event has been applied again. With the in-process
 * bus the sources' events are read from their schemas in the same database (the all-in-one layout); with NATS they
 * come from the streams. Run it while no other admin-bff consumes (the product stopped, or admin-bff scaled to 0):
 * a running one rebuilds through `POST /admin/projections/rebuild` instead.
 */
export async function rebuildAdminReadModels(options: RebuildOptions): Promise<{ applied: Record<string, number>; ms: number }> {
  const started = Date.now();
  if (options.bus.kind === 'in-process') {
    for (const source of ADMIN_SOURCES) {
      const db = options.database.forSchema(schemaOf(source));
      // A source that never ran has no history to replay.
      if (await hasEventsTable(db, schemaOf(source))) await options.bus.attachOutbox({ service: source, db, onAppend: () => () => {} });
    }
  }
  const { instance } = await bootService(adminBffService, {
    database: options.database,
    bus: options.bus,
    logger: options.logger,
    nodeEnv: 'production',
    serviceToken: randomBytes(32).toString('hex'),
    env: {},
    resolveService: (target) => {
      throw new Error(`rebuilding admin-bff's read models does not call ${target}`);
    },
  });
  const { projections } = instance as AdminBffInstance;
  const before = await projections.status();
  try {
    await projections.rebuild();
    const deadline = Date.now() + (options.timeoutMs ?? 6 * 3600_000);
    for (;;) {
      const { pending } = await projections.status();
      const left = Object.values(pending).reduce((sum, n) => sum + n, 0);
      if (left === 0) break;
      if (Date.now() > deadline) throw new Error(`the rebuild did not finish in time: ${JSON.stringify(pending)} events left`);
      options.logger.info({ pending }, 'rebuilding admin-bff read models');
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
    }
  } finally {
    await projections.stop();
  }
  options.logger.info({ ms: Date.now() - started, before: before.pending }, 'admin-bff read models rebuilt from the event history');
  return { applied: before.pending, ms: Date.now() - started };
}
