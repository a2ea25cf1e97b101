import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { ProductData } from '../domain/product.js';
import type { CatalogDb } from './tables.js';

const columns = (product: ProductData) => ({
  name: product.name,
  images: JSON.stringify(product.images) as never,
  price_paise: product.pricePaise,
  amazon_price_paise: product.amazonPricePaise,
  category: product.category,
  brand: product.brand,
  descriptions: JSON.stringify(product.descriptions) as never,
  sku: product.sku,
  variant_group: product.variantGroup,
  is_variant_primary: product.isVariantPrimary,
  sale_start_at: product.saleStartAt ? new Date(product.saleStartAt) : null,
  sale_end_at: product.saleEndAt ? new Date(product.saleEndAt) : null,
  is_enabled: product.isEnabled,
  exclusive: product.exclusive,
  drop_id: product.dropId,
  hsn_code: product.hsnCode ?? null,
  gst_rate_percent: product.gstRatePercent ?? null,
});

/** When a save that set the retail price recorded it: the event's time, or null when it has none. */
const retailRecordedAt = (product: ProductData, at: Date) => (product.amazonPricePaise === null ? null : at);

/** Applies one of a product's events to the products table, in the transaction that appended it. */
export async function projectProductEvent(trx: Transaction<CatalogDb>, event: StoredEvent): Promise<void> {
  const data = event.data as { productId: string; product?: ProductData };
  const touch = { version: event.streamVersion, updated_at: event.recordedAt };
  switch (event.type) {
    case 'ProductCreated':
      await trx
        .insertInto('products')
        .values({
          id: data.productId,
          ...columns(data.product as ProductData),
          amazon_price_recorded_at: retailRecordedAt(data.product as ProductData, event.recordedAt),
          ...touch,
          created_at: event.recordedAt,
        })
        .execute();
      return;
    case 'ProductUpdated': {
      // The retail price keeps the date it was recorded until a save changes it (decision 0156).
      const changed = (event.data as { changed?: string[] }).changed ?? [];
      const recorded = changed.includes('amazonPricePaise')
        ? { amazon_price_recorded_at: retailRecordedAt(data.product as ProductData, event.recordedAt) }
        : {};
      await trx
        .updateTable('products')
        .set({ ...columns(data.product as ProductData), ...recorded, ...touch })
        .where('id', '=', data.productId)
        .execute();
      return;
    }
    case 'ProductEnabled':
    case 'ProductDisabled':
      await trx
        .updateTable('products')
        .set({ is_enabled: event.type === 'ProductEnabled', ...touch })
        .where('id', '=', data.productId)
        .execute();
      return;
    case 'StockAdjusted':
      await trx.updateTable('products').set(touch).where('id', '=', data.productId).execute();
      return;
  }
}
