import type { CatalogContext } from '../commands/context.js';
import { createProduct } from '../commands/products.js';
import { DropCalendar } from '../domain/drops.js';
import { hasAnyProduct } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { DEMO_PRODUCTS, demoForm } from './demo-catalog.js';

const ACTOR = 'system:demo-seed';

/**
 * Seeds the demo catalogue on a first start with no products. The products keep the calendar members are promised
 * (docs/decisions/0087): they have no drop of their own, so each follows the calendar's drop that is open now or
 * opens next, Friday midnight to Sunday midnight, drop after drop, and a card's countdown is the time to that drop's
 * real opening or close. One product is in the drop after that, to show a sale that has not started.
 */
export async function seedDemoCatalog(context: CatalogContext): Promise<boolean> {
  if (await hasAnyProduct(context.db)) return false;
  const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
  const first = calendar.currentOrNext(context.clock.now());
  const later = first && calendar.currentOrNext(first.closesAt);
  for (const product of DEMO_PRODUCTS) {
    const created = await createProduct(context, demoForm(product, product.laterDrop ? (later?.id ?? null) : null), ACTOR);
    if ('refusal' in created) throw new Error(`The demo product ${product.name} was refused: ${created.refusal.message}`);
  }
  context.logger.info({ products: DEMO_PRODUCTS.length, dropId: first?.id, laterDropId: later?.id }, 'seeded the demo catalogue');
  return true;
}
