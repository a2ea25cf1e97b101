import { JobScheduler } from '@elts/workflows';
import type { CatalogContext } from '../commands/context.js';
import { expireHolds } from '../commands/stock.js';

export const HOLD_EXPIRY_JOB = 'stock.expire-holds';

/**
 * The recurring job that gives back held units once their time has passed. It is a durable row in the catalog's
 * own database (the embedded driver), so it keeps running after a crash and runs once across instances.
 */
export function holdExpiryScheduler(context: CatalogContext): JobScheduler {
  return new JobScheduler(context.db, { logger: context.logger, pollMs: context.settings.WORKFLOW_POLL_MS }).every(
    HOLD_EXPIRY_JOB,
    context.settings.HOLD_SWEEP_SECONDS,
    async () => {
      await expireHolds(context);
    },
  );
}
