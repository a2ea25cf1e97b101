import { PRESET_BRANDS, type ProductForm } from '@elts/contracts';
import { badRequest, conflict, notFound, retryOnConcurrency } from '@elts/platform';
import type { Kysely } from 'kysely';
import { type Drop, DropCalendar } from '../domain/drops.js';
import { newProductId } from '../domain/ids.js';
import {
  decideCreate,
  decideToggle,
  decideUpdate,
  foldProduct,
  formFrom,
  mergeForm,
  type ProductData,
  productDataFrom,
  productStream,
} from '../domain/product.js';
import { brandsInUse } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { projectProductEvent } from '../store/product-projection.js';
import { openStock, setAvailable, stockOf } from '../store/stock-store.js';
import type { CatalogDb } from '../store/tables.js';
import { type CatalogContext, record } from './context.js';

async function knownBrands(db: Kysely<CatalogDb>): Promise<string[]> {
  return [...PRESET_BRANDS, ...(await brandsInUse(db))];
}

/** A product may name a drop of the calendar or an admin's drop, but not one that was cancelled. */
async function checkDrop(db: Kysely<CatalogDb>, anchor: string, data: ProductData): Promise<Drop | undefined> {
  if (!data.dropId) return undefined;
  const drop = new DropCalendar(anchor, await loadStoredDrops(db)).byId(data.dropId);
  if (!drop) throw badRequest(`Unknown deal drop: ${data.dropId}`, [{ path: 'dropId', message: 'Unknown deal drop' }]);
  if (drop.cancelled) throw badRequest(`The deal drop ${data.dropId} was cancelled`, [{ path: 'dropId', message: 'Deal drop cancelled' }]);
  return drop;
}

export async function createProduct(context: CatalogContext, form: ProductForm, actor: string): Promise<string> {
  const data = productDataFrom(form, await knownBrands(context.db));
  const drop = await checkDrop(context.db, context.settings.DROP_ANCHOR_DATE, data);
  // A conflict here means a fresh random id already exists: draw another.
  const productId = await retryOnConcurrency(async () => {
    const candidate = newProductId();
    await context.events.transact(async (unit) => {
      await record(unit, productStream(candidate), 0, decideCreate(candidate, data, form.stock), actor, projectProductEvent);
      await openStock(unit.db, candidate, form.stock, actor);
      // A preview that went before this product was in the drop missed it: planned again, it reaches the members
      // the product now matches (those who had one already are not sent another).
      if (drop) await context.alerts.follow(unit.db, drop);
    });
    return candidate;
  });
  context.board.catalogChanged();
  return productId;
}

/**
 * Saves the form over the product. Fields the body leaves out keep their values. A changed `stock` sets how many
 * units are available (on hand moves by the difference, logged as an adjustment).
 */
export async function updateProduct(
  context: CatalogContext,
  productId: string,
  sent: ProductForm,
  presentKeys: ReadonlySet<string>,
  actor: string,
): Promise<void> {
  await retryOnConcurrency(
    () =>
      context.events.transact(async (unit) => {
        const history = await unit.readStream(productStream(productId));
        const state = foldProduct(history);
        if (!state) throw notFound('Product not found');
        const stock = await stockOf(unit.db, productId, true);
        const current = formFrom(state.data, stock?.available ?? 0);
        const form = mergeForm(current, sent, presentKeys);
        const data = productDataFrom(form, await knownBrands(unit.db));
        const drop = data.dropId !== state.data.dropId ? await checkDrop(unit.db, context.settings.DROP_ANCHOR_DATE, data) : undefined;
        if (drop) await context.alerts.follow(unit.db, drop);
        const events = decideUpdate(state, data);
        const adjusted = presentKeys.has('stock')
          ? await setAvailable(unit.db, productId, form.stock, actor, context.clock.now())
          : undefined;
        if (adjusted) {
          events.push({ type: 'StockAdjusted', data: { productId, available: form.stock, previousAvailable: adjusted.previous } });
        }
        await record(unit, productStream(productId), history.length, events, actor, projectProductEvent);
      }),
    { exhausted: () => conflict('The product was changed at the same time. Please try again.') },
  );
  context.board.catalogChanged();
}

export async function toggleProduct(context: CatalogContext, productId: string, actor: string): Promise<void> {
  await retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(productStream(productId));
      const state = foldProduct(history);
      if (!state) throw notFound('Product not found');
      await record(unit, productStream(productId), history.length, decideToggle(state), actor, projectProductEvent);
    }),
  );
  context.board.catalogChanged();
}
