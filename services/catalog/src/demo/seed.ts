import { addDays, indianDayOf, indianMidnight } from '@elts/contracts';
import type { CatalogContext } from '../commands/context.js';
import { createDrop } from '../commands/drops.js';
import { createProduct } from '../commands/products.js';
import { hasAnyProduct } from '../store/catalog-reads.js';
import { DEMO_PRODUCTS, demoForm } from './demo-catalog.js';

const ACTOR = 'system:demo-seed';
// Long enough that a demo started any day keeps working through the next weekend.
const DEMO_DROP_DAYS = 14;

/**
 * Seeds the demo catalogue on a first start with no products: a drop open from today 00:00 (India) for two weeks,
 * so the board can be bought from on any weekday, and the products in it (one with its own window that opens in a
 * few days, to show a sale that has not started).
 */
export async function seedDemoCatalog(context: CatalogContext): Promise<boolean> {
  if (await hasAnyProduct(context.db)) return false;
  const today = indianDayOf(context.clock.now());
  const dropId = await createDrop(
    context,
    {
      opensAt: indianMidnight(today).toISOString(),
      closesAt: indianMidnight(addDays(today, DEMO_DROP_DAYS)).toISOString(),
      label: 'Demo drop',
    },
    ACTOR,
  );
  for (const product of DEMO_PRODUCTS) {
    const window = product.ownWindowDays
      ? ([
          indianMidnight(addDays(today, product.ownWindowDays[0])).toISOString(),
          indianMidnight(addDays(today, product.ownWindowDays[1])).toISOString(),
        ] as [string, string])
      : null;
    await createProduct(context, demoForm(product, dropId, window), ACTOR);
  }
  context.logger.info({ products: DEMO_PRODUCTS.length, dropId }, 'seeded the demo catalogue');
  return true;
}
