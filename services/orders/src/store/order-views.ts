import { rupeesOf } from '@elts/contracts';
import type { OrderPayment } from '../commands/context.js';
import { payUntil } from '../processes/order-saga/decider.js';
import { fulfilmentView } from './fulfilment-view.js';
import type { OrderShipmentsTable, OrdersTable } from './tables.js';

/** An order as the spec's history cards read it (`data.orders[]`), with its fulfilment once paid. */
/** Until when an unpaid reservation offers Pay now and Cancel (order-saga.ts `payUntil`), as an ISO time or null. */
function payUntilOf(row: OrdersTable, now: Date): string | null {
  return payUntil({ status: row.status, reservedUntil: row.reserved_until }, now)?.toISOString() ?? null;
}

/**
 * The retail price in force when the order was placed, for its quantity, with the date the operator recorded it
 * (decision 0156); null without one. The member's pages measure the order's saving against it.
 */
function retailPriceOf(row: OrdersTable) {
  if (row.retail_unit_paise === null || row.retail_recorded_at === null) return null;
  const totalPaise = Number(row.retail_unit_paise) * row.quantity;
  return { amount: rupeesOf(totalPaise), amount_paise: totalPaise, recorded_at: row.retail_recorded_at.toISOString() };
}

export function orderCard(row: OrdersTable, now: Date, shipment?: OrderShipmentsTable) {
  return {
    order_id: row.order_id,
    status: row.status,
    amount: rupeesOf(Number(row.amount_paise)),
    amount_paise: Number(row.amount_paise),
    credit_applied: rupeesOf(Number(row.credit_paise)),
    quantity: row.quantity,
    created_at: row.created_at.toISOString(),
    product: { id: row.product_id, ...row.product },
    payment_info: { transaction_id: row.transaction_id, payment_method: row.payment_method },
    shipping_address: { name: row.shipping_address.name, city: row.shipping_address.city },
    fulfilment: fulfilmentView(shipment),
    pay_until: payUntilOf(row, now),
    retail_price: retailPriceOf(row),
  };
}

type PaymentFacts = Pick<OrderPayment, 'status' | 'method' | 'transactionId' | 'processedAt' | 'expiresAt' | 'timeoutSeconds'>;

/**
 * The order's payment as the Order Status page shows it (Transaction ID, Payment Method) with its status and when it
 * settled. Payments' answer when it could be read; else what the order recorded: a completed order was paid.
 */
function paymentInfo(row: OrdersTable, payment: PaymentFacts | undefined) {
  return {
    payment_id: row.payment_id,
    status: payment?.status ?? (row.status === 'completed' ? 'success' : null),
    transaction_id: row.transaction_id ?? payment?.transactionId ?? null,
    payment_method: row.payment_method ?? payment?.method ?? null,
    processed_at: payment?.processedAt ?? null,
  };
}

/** One order for the Order Status page (`GET /product/order/{id}`): the spec's order status fields, and its fulfilment. */
export function orderStatusView(row: OrdersTable, payment: PaymentFacts | undefined, shipment: OrderShipmentsTable | undefined, now: Date) {
  const info = paymentInfo(row, payment);
  return {
    order_id: row.order_id,
    status: row.status,
    payment_status: info.status,
    payment_info: info,
    transaction_id: info.transaction_id,
    payment_method: info.payment_method,
    amount: rupeesOf(Number(row.amount_paise)),
    amount_paise: Number(row.amount_paise),
    credit_applied: rupeesOf(Number(row.credit_paise)),
    quantity: row.quantity,
    last_updated: row.updated_at.toISOString(),
    product: { id: row.product_id, ...row.product },
    payment_details: { txn_id: info.transaction_id, payment_method: info.payment_method },
    customer_info: { name: `${row.customer.firstName} ${row.customer.lastName}`.trim() },
    local_order: { shipping_address: row.shipping_address },
    pay_until: payUntilOf(row, now),
    error: row.status === 'failed' || row.status === 'cancelled' ? row.failure_reason : null,
    // An unpaid order's page says how long its payment stays open, as payments set it (not a number of our own).
    payment_expires_at: payment?.expiresAt ?? null,
    payment_timeout_seconds: payment?.timeoutSeconds ?? null,
    fulfilment: fulfilmentView(shipment),
    retail_price: retailPriceOf(row),
  };
}
