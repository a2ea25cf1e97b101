import {
  addBusinessDays,
  DELIVERY_PROMISE,
  type ExchangeOffer,
  type ExchangeReason,
  type ExchangeState,
  type ExchangeView,
  type OrderStatus,
  rupeesOf,
} from '@elts/contracts';
import type { Kysely } from 'kysely';
import { exchangeWindow } from '../domain/exchanges.js';
import { fulfilmentView } from './fulfilment-view.js';
import type { OrderExchangesTable, OrderShipmentsTable, OrdersDb, OrdersTable } from './tables.js';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** One exchange for the member's order page and the operators' queue, with its replacement's steps once approved. */
export function exchangeView(row: OrderExchangesTable, replacement: OrderShipmentsTable | undefined): ExchangeView {
  const fulfilment = fulfilmentView(replacement);
  return {
    exchange_id: row.exchange_id,
    order_id: row.order_id,
    state: row.state as ExchangeState,
    reason: row.reason as ExchangeReason,
    note: row.note,
    requested_at: row.requested_at.toISOString(),
    decided_at: iso(row.decided_at),
    refusal_reason: row.refusal_reason,
    product: {
      id: row.product_id,
      name: row.product.name,
      brand: row.product.brand,
      images: row.product.images,
      price: row.product.pricePaise === undefined ? null : rupeesOf(row.product.pricePaise),
    },
    ships_by: row.ships_by,
    replacement:
      fulfilment && row.replacement_shipment
        ? {
            shipment: row.replacement_shipment,
            // A replacement ships within 15 days of approval, not the order's 1-2 days: until it has, the member
            // is told the last day it may arrive counted from its last day to ship.
            fulfilment: {
              ...fulfilment,
              expected_delivery_on:
                fulfilment.step === 'delivered' || replacement?.shipped_at || !row.ships_by
                  ? fulfilment.expected_delivery_on
                  : addBusinessDays(row.ships_by, DELIVERY_PROMISE.deliveryBusinessDays),
            },
          }
        : null,
    refund: row.refund_id ? { refund_id: row.refund_id, amount: rupeesOf(row.refund_paise ?? 0) } : null,
  };
}

/** The replacement shipments of these exchanges, by `order_id:shipment`. */
async function replacementsOf(db: Kysely<OrdersDb>, rows: OrderExchangesTable[]) {
  const wanted = rows.filter((row) => row.replacement_shipment !== null);
  if (wanted.length === 0) return new Map<string, OrderShipmentsTable>();
  const shipments = await db
    .selectFrom('order_shipments')
    .selectAll()
    .where(
      'order_id',
      'in',
      wanted.map((row) => row.order_id),
    )
    .where('shipment', '>', 1)
    .execute();
  return new Map(shipments.map((shipment) => [`${shipment.order_id}:${shipment.shipment}`, shipment]));
}

export async function exchangeViews(db: Kysely<OrdersDb>, rows: OrderExchangesTable[]): Promise<ExchangeView[]> {
  const replacements = await replacementsOf(db, rows);
  return rows.map((row) => exchangeView(row, replacements.get(`${row.order_id}:${row.replacement_shipment}`)));
}

/** An order's exchanges, oldest first, and whether another may be asked for now (and until which day). */
export async function orderExchanges(
  db: Kysely<OrdersDb>,
  order: OrdersTable,
  now: Date,
  windowDays: number,
): Promise<{ exchanges: ExchangeView[]; exchange: ExchangeOffer }> {
  const [rows, latest] = await Promise.all([
    db.selectFrom('order_exchanges').selectAll().where('order_id', '=', order.order_id).orderBy('requested_at').execute(),
    db.selectFrom('order_shipments').selectAll().where('order_id', '=', order.order_id).orderBy('shipment', 'desc').executeTakeFirst(),
  ]);
  const window = exchangeWindow(
    {
      status: order.status as OrderStatus,
      refunded: false,
      latest: latest && { shipment: latest.shipment, step: latest.step, deliveredOn: latest.delivered_on },
      states: rows.map((row) => row.state as ExchangeState),
    },
    now,
    windowDays,
  );
  // Before delivery the order page has nothing to say about exchanges; after it, either the last day or why not.
  const delivered = rows.length > 0 || latest?.step === 'delivered';
  return {
    exchanges: await exchangeViews(db, rows),
    exchange: {
      available_until: 'until' in window ? window.until : null,
      unavailable_reason: 'refusal' in window && delivered ? window.refusal.message : null,
      variant_group: order.variant_group,
    },
  };
}

/** The exchange's row (none or one). */
export function exchangeRows(db: Kysely<OrdersDb>, exchangeId: string): Promise<OrderExchangesTable[]> {
  return db.selectFrom('order_exchanges').selectAll().where('exchange_id', '=', exchangeId).execute();
}

/** One page of the exchange queue, oldest first, and how many match (`open`: the open states; `all`: every state). */
export function exchangeQueuePage(db: Kysely<OrdersDb>, state: string, openStates: readonly string[], page: number, limit: number) {
  let query = db.selectFrom('order_exchanges');
  if (state === 'open') query = query.where('state', 'in', [...openStates]);
  else if (state !== 'all') query = query.where('state', '=', state);
  return Promise.all([
    query
      .selectAll()
      .orderBy('requested_at')
      .orderBy('exchange_id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}
