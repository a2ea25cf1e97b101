import { PRESET_BRANDS, type ProductForm } from '@elts/contracts';
import { type Handled, handle, type Refusal, refusal, type UnitOfWork } from '@elts/platform';
import { DropCalendar } from '../domain/drops.js';
import { newProductId } from '../domain/ids.js';
import {
  type FormFacts,
  joinedDrop,
  PRODUCT_ID_TAKEN,
  type ProductCommand,
  type ProductEvent,
  type ProductState,
  productDecider,
  productStream,
} from '../domain/product.js';
import { brandsInUse } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { projectProductEvent } from '../store/product-projection.js';
import { openStock, setAvailable, stockOf } from '../store/stock-store.js';
import type { CatalogDb } from '../store/tables.js';
import type { CatalogContext } from './context.js';

/** The brands already spelt and the drop calendar, read in the command's transaction. */
async function formFacts(context: CatalogContext, unit: UnitOfWork<CatalogDb>): Promise<FormFacts> {
  return {
    knownBrands: [...PRESET_BRANDS, ...(await brandsInUse(unit.db))],
    drops: new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(unit.db)),
  };
}

/**
 * Decides on the product's stream; in the same transaction its stock moves with the events (opened on creation,
 * set on a StockAdjusted) and a drop it joins plans its messages again: a preview that went before this product was
 * in the drop missed it, and reaches the members it now matches (those who had one already are not sent another).
 */
function onProduct(
  context: CatalogContext,
  productId: string,
  command: (unit: UnitOfWork<CatalogDb>) => Promise<ProductCommand>,
  actor: string,
  exhausted?: Refusal,
): Promise<Handled<ProductState | undefined, ProductEvent>> {
  let decided: ProductCommand | undefined;
  return handle(
    context.events,
    productDecider,
    productStream(productId),
    async (unit) => {
      decided = await command(unit);
      return decided;
    },
    {
      metadata: { actor },
      project: projectProductEvent,
      ...(exhausted ? { exhausted } : {}),
      alongside: async (unit, { events, before, state }) => {
        for (const { type, data } of events) {
          if (type === 'ProductCreated') await openStock(unit.db, productId, data.stock, actor);
          if (type === 'StockAdjusted') await setAvailable(unit.db, productId, data.available, actor, context.clock.now());
        }
        const drop = decided && joinedDrop(decided, before, state);
        if (drop) await context.alerts.follow(unit.db, drop);
      },
    },
  );
}

/** A new product under a fresh id (another is drawn should it be taken), or the form's refusal. */
export async function createProduct(
  context: CatalogContext,
  form: ProductForm,
  actor: string,
): Promise<{ productId: string } | { refusal: Refusal }> {
  for (let attempt = 1; ; attempt++) {
    const productId = newProductId();
    const created = await onProduct(
      context,
      productId,
      async (unit) => ({ kind: 'create', productId, form, ...(await formFacts(context, unit)) }),
      actor,
    );
    if (created.refusal?.message === PRODUCT_ID_TAKEN && attempt < 3) continue;
    if (created.refusal) return { refusal: created.refusal };
    context.board.catalogChanged();
    return { productId };
  }
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
): Promise<{ refusal?: Refusal }> {
  const updated = await onProduct(
    context,
    productId,
    async (unit) => ({
      kind: 'update',
      sent,
      presentKeys,
      // Read under the stock row's lock, so a hold in flight is either counted or waits.
      available: (await stockOf(unit.db, productId, true))?.available ?? 0,
      ...(await formFacts(context, unit)),
    }),
    actor,
    refusal('conflict', 'The product was changed at the same time. Please try again.'),
  );
  if (!updated.refusal) context.board.catalogChanged();
  return updated;
}

export async function toggleProduct(context: CatalogContext, productId: string, actor: string): Promise<{ refusal?: Refusal }> {
  const toggled = await onProduct(context, productId, async () => ({ kind: 'toggle' }), actor);
  if (!toggled.refusal) context.board.catalogChanged();
  return toggled;
}
