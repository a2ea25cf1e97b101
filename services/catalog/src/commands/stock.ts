import type { StockHandOver, StockHoldResult, StockMoveResult, StockRelease } from '@elts/contracts';
import { type Refusal, refusal } from '@elts/platform';
import type { Kysely } from 'kysely';
import { DropCalendar } from '../domain/drops.js';
import { applicableWindow, saleStateAt } from '../domain/sale-window.js';
import { productSaleFacts } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { commitStock, expireDueHolds, handOverStock, holdStock, productsWithDueHolds, releaseStock } from '../store/stock-store.js';
import type { CatalogDb } from '../store/tables.js';
import type { CatalogContext } from './context.js';

// However long a caller asks, units are not kept from other buyers for more than a day.
const MAX_HOLD_MS = 24 * 60 * 60_000;

/**
 * Whether the product exists, is enabled and is inside its sale window now. A replacement for an exchange needs no
 * sale window: the member bought the product in its own (docs/decisions/0025).
 */
async function buyability(db: Kysely<CatalogDb>, anchor: string, productId: string, now: Date, replacement = false) {
  const product = await productSaleFacts(db, productId);
  if (!product) return 'not_found' as const;
  if (!product.is_enabled) return 'not_buyable' as const;
  if (replacement) return 'ok' as const;
  const calendar = new DropCalendar(anchor, await loadStoredDrops(db));
  const window = applicableWindow(
    { saleStartAt: product.sale_start_at, saleEndAt: product.sale_end_at, dropId: product.drop_id },
    calendar,
    now,
  );
  return saleStateAt(window, now) === 'open' ? ('ok' as const) : ('not_buyable' as const);
}

/** The later of the caller's deadline and HOLD_MINUTES from now, at most a day. */
function holdEnd(context: CatalogContext, asked: string, now: Date): Date {
  const floor = now.getTime() + context.settings.HOLD_MINUTES * 60_000;
  return new Date(Math.min(Math.max(new Date(asked).getTime(), floor), now.getTime() + MAX_HOLD_MS));
}

/**
 * Holds units for an order until the later of the caller's deadline and HOLD_MINUTES from now (so a payment that
 * succeeds after its 15-minute timeout still finds its stock), at most a day.
 */
export async function hold(
  context: CatalogContext,
  request: { orderId: string; productId: string; quantity: number; holdUntil: string; replacement?: boolean },
): Promise<StockHoldResult | { refusal: Refusal }> {
  const now = context.clock.now();
  const holdUntil = holdEnd(context, request.holdUntil, now);
  const outcome = await context.db
    .transaction()
    .execute((trx) =>
      holdStock(trx, { ...request, holdUntil, now }, () =>
        buyability(trx, context.settings.DROP_ANCHOR_DATE, request.productId, now, request.replacement),
      ),
    );
  if (outcome.conflicting)
    return { refusal: refusal('conflict', `Order ${request.orderId} already holds stock of another product or quantity`) };
  if (!outcome.repeated && outcome.result.held) context.board.catalogChanged();
  return outcome.result;
}

/** A released unit straight to a waitlisted member's order, while the product is still on sale (issue 33 item 3). */
export async function handOver(context: CatalogContext, request: StockHandOver): Promise<StockHoldResult | { refusal: Refusal }> {
  const now = context.clock.now();
  const holdUntil = holdEnd(context, request.holdUntil, now);
  const outcome = await context.db
    .transaction()
    .execute((trx) =>
      handOverStock(trx, { ...request, holdUntil }, (productId) => buyability(trx, context.settings.DROP_ANCHOR_DATE, productId, now), now),
    );
  if (outcome.changed) context.board.catalogChanged();
  return outcome.result;
}

export async function release(context: CatalogContext, request: StockRelease): Promise<StockMoveResult> {
  const outcome = await context.db.transaction().execute((trx) => releaseStock(trx, request, context.clock.now()));
  if (outcome.changed) context.board.catalogChanged();
  return { state: outcome.state };
}

export async function commit(context: CatalogContext, orderId: string): Promise<StockMoveResult> {
  const outcome = await context.db.transaction().execute((trx) => commitStock(trx, orderId, context.clock.now()));
  if (outcome.changed) context.board.catalogChanged();
  return { state: outcome.state };
}

/** The recurring job: gives back the units of every hold past its time (a caller that crashed or forgot). */
export async function expireHolds(context: CatalogContext): Promise<number> {
  const now = context.clock.now();
  let total = 0;
  for (const productId of await productsWithDueHolds(context.db, now)) {
    for (;;) {
      const expired = await expireDueHolds(context.db, now, productId);
      total += expired;
      if (expired === 0) break;
    }
  }
  if (total > 0) {
    context.board.catalogChanged();
    context.logger.info({ expired: total }, 'expired stock holds');
  }
  return total;
}
