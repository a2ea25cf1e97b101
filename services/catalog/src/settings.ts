import { isFriday } from '@elts/contracts';
import { settings } from '@elts/platform';
import { z } from 'zod';

/** The catalog's own settings (beyond every process's). */
export const catalogSettings = z.object({
  /** When on, only members on the admins' early-access list get the personalised deals board. */
  EARLY_ACCESS_ONLY: settings.booleanFlag.default(false),
  /** Seed the demo catalogue on a first start with no products; unset means "outside production". */
  SEED_DEMO_CATALOG: settings.booleanFlag.optional(),
  /**
   * Shortest time an order's stock stays held. Longer than the payment timeout (15 minutes), so a success that
   * arrives late still finds its stock. Minutes; fractions are allowed so tests can wait seconds.
   */
  HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  /** How often the recurring job looks for holds past their time. */
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
  /** The Friday (Asia/Kolkata) the default every-other-Friday calendar of deal drops counts from. */
  DROP_ANCHOR_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .refine(isFriday, 'must be a Friday')
    .default('2025-01-03'),
  /**
   * The visitors' board is kept in memory and rebuilt on every change this instance sees; with several instances,
   * it is also rebuilt at least this often so changes made through another instance show up.
   */
  BOARD_REFRESH_SECONDS: z.coerce.number().int().min(1).default(5),
  /** How long before a drop opens its preview goes to members with something on their lists in it (decision 0088). */
  DROP_ALERT_PREVIEW_HOURS: z.coerce.number().positive().max(72).default(3),
  /** How long before a drop closes its last call goes, naming only what is still available. */
  DROP_ALERT_LAST_CALL_HOURS: z.coerce.number().positive().max(72).default(2),
  /** How often the embedded job driver looks for due steps. */
  WORKFLOW_POLL_MS: z.coerce.number().int().min(10).default(1000),
});

export type CatalogSettings = z.output<typeof catalogSettings>;
