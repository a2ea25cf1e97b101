import type { OrdersTable } from './tables.js';

const rupees = (paise: number) => Math.round(paise) / 100;

/** An order as the spec's history cards read it (`data.orders[]`). */
export function orderCard(row: OrdersTable) {
  return {
    order_id: row.order_id,
    status: row.status,
    amount: rupees(Number(row.amount_paise)),
    amount_paise: Number(row.amount_paise),
    credit_applied: rupees(Number(row.credit_paise)),
    quantity: row.quantity,
    created_at: row.created_at.toISOString(),
    product: { id: row.product_id, ...row.product },
    payment_info: { transaction_id: row.transaction_id, payment_method: row.payment_method },
    shipping_address: { name: row.shipping_address.name, city: row.shipping_address.city },
  };
}

/** One order for the Order Status page (`GET /product/order/{id}`): the spec's order status fields. */
export function orderStatusView(row: OrdersTable, payment?: { status: string; failureReason: string | null }) {
  return {
    order_id: row.order_id,
    status: row.status,
    payment_status: payment?.status ?? null,
    transaction_id: row.transaction_id,
    payment_method: row.payment_method,
    amount: rupees(Number(row.amount_paise)),
    amount_paise: Number(row.amount_paise),
    credit_applied: rupees(Number(row.credit_paise)),
    quantity: row.quantity,
    last_updated: row.updated_at.toISOString(),
    product: { id: row.product_id, ...row.product },
    payment_details: { txn_id: row.transaction_id, payment_method: row.payment_method },
    customer_info: { name: `${row.customer.firstName} ${row.customer.lastName}`.trim() },
    local_order: { shipping_address: row.shipping_address },
    error: row.status === 'failed' || row.status === 'cancelled' ? row.failure_reason : null,
  };
}
