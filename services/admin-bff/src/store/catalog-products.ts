import type { Kysely } from 'kysely';
import type { AdminDb } from './tables.js';

/** Keeps the product as it is now; the product as it was before, or null for a new one. */
export async function saveCatalogProduct(db: Kysely<AdminDb>, productId: string, product: unknown) {
  const previous = await db.selectFrom('catalog_products').select('product').where('product_id', '=', productId).executeTakeFirst();
  await db
    .insertInto('catalog_products')
    .values({ product_id: productId, product: JSON.stringify(product) })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ product: JSON.stringify(product) }))
    .execute();
  return previous?.product ?? null;
}
