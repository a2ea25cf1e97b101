import {
  catalogEvents,
  DropCancelled,
  DropMoved,
  DropScheduled,
  EarlyAccessGranted,
  EarlyAccessRevoked,
  ProductCreated,
  ProductDisabled,
  ProductEnabled,
  ProductUpdated,
  StockAdjusted,
} from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { auditAdminEvent as audit } from '../store/audit-log.js';
import { saveCatalogProduct } from '../store/catalog-products.js';
import { recordStockMove, saveDrop } from '../store/drop-stock.js';
import type { AdminDb } from '../store/tables.js';

/**
 * The Audit page's catalog rows: products created, edited, enabled, disabled or restocked, deal drops
 * scheduled, moved or cancelled, and early-access grants and revocations by an admin, each with the record before
 * and after (issue 7's audit log). The same events keep the Drops chart's products, drops and units received
 * (decision 0170).
 */
export function catalogAuditProjection(db: Kysely<AdminDb>) {
  const window = (data: { opensAt: string; closesAt: string; label: string }) => ({
    opensAt: data.opensAt,
    closesAt: data.closesAt,
    label: data.label,
  });
  // A save that set the retail price, or checked the same one again, records it with its time (decisions 0156, 0166):
  // the entry says when, since a price checked again changes no other field.
  const withRetailDate = <Product extends { amazonPricePaise: number | null }>(product: Product, recorded: boolean, at: Date) =>
    recorded && product.amazonPricePaise !== null ? { ...product, amazonPriceRecordedAt: at.toISOString() } : product;
  // Units on hand moved by an event: the catalogue's 'restock' and 'adjust' movements (StockAdjusted's available moved
  // on hand by the same difference).
  const stockMove = (event: { eventId: string; recordedAt: Date }, productId: string, onHand: number) =>
    onHand === 0 ? undefined : { event_id: event.eventId, product_id: productId, at: event.recordedAt, on_hand: onHand, sold: 0 };
  const keepDrop = (data: { dropId: string; opensAt: string; closesAt: string; label: string }, cancelled: boolean) => ({
    id: data.dropId,
    opensAt: new Date(data.opensAt),
    closesAt: new Date(data.closesAt),
    label: data.label,
    cancelled,
  });
  return new EventConsumer('admin-bff.catalog-audit', catalogEvents, db)
    .on(ProductCreated, async (data, event, trx) => {
      await saveCatalogProduct(trx, data.productId, data.product);
      const received = stockMove(event, data.productId, data.stock);
      if (received) await recordStockMove(trx, received);
      await audit(trx, event, {
        action: 'product.create',
        target: data.productId,
        before: null,
        after: { ...withRetailDate(data.product, true, event.recordedAt), stock: data.stock },
      });
    })
    .on(ProductUpdated, async (data, event, trx) => {
      const before = await saveCatalogProduct(trx, data.productId, data.product);
      const after = withRetailDate(data.product, data.changed.includes('amazonPricePaise'), event.recordedAt);
      await audit(trx, event, { action: 'product.update', target: data.productId, before, after });
    })
    .on(ProductEnabled, async (data, event, trx) => {
      await audit(trx, event, {
        action: 'product.enable',
        target: data.productId,
        before: { isEnabled: false },
        after: { isEnabled: true },
      });
    })
    .on(ProductDisabled, async (data, event, trx) => {
      await audit(trx, event, {
        action: 'product.disable',
        target: data.productId,
        before: { isEnabled: true },
        after: { isEnabled: false },
      });
    })
    .on(StockAdjusted, async (data, event, trx) => {
      const moved = stockMove(event, data.productId, data.available - data.previousAvailable);
      if (moved) await recordStockMove(trx, moved);
      await audit(trx, event, {
        action: 'product.stock',
        target: data.productId,
        before: { available: data.previousAvailable },
        after: { available: data.available },
      });
    })
    .on(DropScheduled, async (data, event, trx) => {
      await saveDrop(trx, keepDrop(data, false));
      await audit(trx, event, { action: 'drop.schedule', target: data.dropId, before: null, after: window(data) });
    })
    .on(DropMoved, async (data, event, trx) => {
      await saveDrop(trx, keepDrop(data, false));
      await audit(trx, event, { action: 'drop.move', target: data.dropId, before: null, after: window(data) });
    })
    .on(DropCancelled, async (data, event, trx) => {
      await saveDrop(trx, keepDrop(data, true));
      await audit(trx, event, { action: 'drop.cancel', target: data.dropId, before: window(data), after: null });
    })
    .on(EarlyAccessGranted, async (data, event, trx) => {
      await audit(trx, event, { action: 'early-access.grant', target: data.email, before: null, after: { earlyAccess: true } });
    })
    .on(EarlyAccessRevoked, async (data, event, trx) => {
      await audit(trx, event, {
        action: 'early-access.revoke',
        target: data.email,
        before: { earlyAccess: true },
        after: { earlyAccess: false },
      });
    });
}
