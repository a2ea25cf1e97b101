import type { AdminProduct, ProductForOrder, PublicProduct } from '@elts/contracts';
import { rupeesOf } from '@elts/contracts';
import { type SaleWindow, saleStateAt } from '../domain/sale-window.js';
import { availableOf, type ProductRow } from '../store/catalog-reads.js';

const iso = (at: Date | null) => at?.toISOString() ?? null;
/** A retail price's date, only while there is a retail price (decision 0156). */
const retailRecordedAt = (row: ProductRow) => (row.amazon_price_paise === null ? null : iso(row.amazon_price_recorded_at));

function common(row: ProductRow) {
  return {
    id: row.id,
    name: row.name,
    images: row.images,
    price: rupeesOf(row.price_paise),
    pricePaise: row.price_paise,
    amazonPrice: row.amazon_price_paise === null ? null : rupeesOf(row.amazon_price_paise),
    amazonPricePaise: row.amazon_price_paise,
    amazonPriceRecordedAt: retailRecordedAt(row),
    category: row.category,
    brand: row.brand,
    stock: availableOf(row),
    descriptions: row.descriptions,
    sku: row.sku,
    variantGroup: row.variant_group,
    isVariantPrimary: row.is_variant_primary,
    isEnabled: row.is_enabled,
    exclusive: row.exclusive,
    dropId: row.drop_id,
  };
}

export function publicView(row: ProductRow, window: SaleWindow, now: Date): PublicProduct {
  return {
    ...common(row),
    saleStartAt: iso(window.startAt),
    saleEndAt: iso(window.endAt),
    saleState: saleStateAt(window, now),
    reserved: row.held,
  };
}

export function adminView(row: ProductRow, window: SaleWindow, now: Date): AdminProduct {
  return {
    ...common(row),
    saleStartAt: iso(row.sale_start_at),
    saleEndAt: iso(row.sale_end_at),
    saleWindow: { startAt: iso(window.startAt), endAt: iso(window.endAt), source: window.source, state: saleStateAt(window, now) },
    stockDetail: { onHand: row.on_hand, held: row.held, sold: row.sold },
    hsnCode: row.hsn_code,
    gstRate: row.gst_rate_percent === null ? null : Number(row.gst_rate_percent),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function productForOrder(row: ProductRow, window: SaleWindow): ProductForOrder {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    images: row.images,
    pricePaise: row.price_paise,
    amazonPricePaise: row.amazon_price_paise,
    amazonPriceRecordedAt: retailRecordedAt(row),
    isEnabled: row.is_enabled,
    saleStartAt: iso(window.startAt),
    saleEndAt: iso(window.endAt),
    dropId: window.dropId ?? null,
    available: availableOf(row),
    variantGroup: row.variant_group,
  };
}
