import type { DeliveryAddress, OrderPayload } from '@elts/contracts';
import type { EventTables, RefundLineRow } from '@elts/platform';

export interface OrdersTable {
  order_id: string;
  member_id: string;
  product_id: string;
  product: { name: string; brand: string; category: string; images: string[] };
  quantity: number;
  unit_price_paise: number;
  credit_paise: number;
  amount_paise: number;
  status: string;
  payment_id: string | null;
  transaction_id: string | null;
  payment_method: string | null;
  failure_reason: string | null;
  /** The product's variant group when the order was placed: its versions count as one product. */
  variant_group: string | null;
  /** A reservation's time to start paying (migration 0010); null for orders that opened their payment at once. */
  reserved_until: Date | null;
  /** The retail price of one unit in force when placed, and when the operator recorded it (migration 0013, decision 0156). */
  retail_unit_paise: number | null;
  retail_recorded_at: Date | null;
  customer: { email: string; phone: string; firstName: string; lastName: string };
  shipping_address: DeliveryAddress;
  billing_address: DeliveryAddress;
  created_at: Date;
  updated_at: Date;
}

/** One shipment of a paid order and how far it has gone (migration 0003, docs/decisions/0023). */
export interface OrderShipmentsTable {
  order_id: string;
  shipment: number;
  step: string;
  /** When the shipment began waiting to be processed: for the order's own goods, when it was paid. */
  opened_at: Date;
  processing_at: Date | null;
  shipped_at: Date | null;
  courier: string | null;
  awb_number: string | null;
  tracking_url: string | null;
  /** The day it was delivered (YYYY-MM-DD; a date column, read as a string). */
  delivered_on: string | null;
  /** When the operator recorded the delivery. */
  delivered_at: Date | null;
}

/** One exchange of an order line and where it stands (migration 0004, docs/decisions/0025). */
export interface OrderExchangesTable {
  exchange_id: string;
  order_id: string;
  member_id: string;
  shipment: number;
  replacement_shipment: number | null;
  reason: string;
  note: string;
  product_id: string;
  /** `pricePaise`: the replacement's price when asked for (absent before 2026-11-28). */
  product: { name: string; brand: string; images: string[]; pricePaise?: number };
  state: string;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  refusal_reason: string | null;
  /** YYYY-MM-DD (a date column, read as a string). */
  ships_by: string | null;
  refund_id: string | null;
  refund_paise: number | null;
  updated_at: Date;
}

/** An order cancelled as out of stock and its refund (migration 0005, docs/decisions/0024). */
export interface OrderRefundsTable {
  order_id: string;
  member_id: string;
  amount_paise: number;
  credit_paise: number;
  reason: string;
  cancelled_at: Date;
  cancelled_by: string | null;
  choice_by: Date;
  choice: string | null;
  chosen_by: string | null;
  refund_id: string | null;
  refunded_at: Date | null;
  /** As payments settled the refund: 'success' or 'failed'; null until heard. */
  refund_outcome: string | null;
}

export interface OrdersDb extends EventTables {
  orders: OrdersTable;
  order_shipments: OrderShipmentsTable;
  order_exchanges: OrderExchangesTable;
  order_refunds: OrderRefundsTable;
  /** Every refund of an order (migration 0009, decision 0075). */
  order_refund_lines: RefundLineRow;
  order_idempotency: {
    member_id: string;
    idempotency_key: string;
    order_id: string;
    created_at: Date;
    /** sha256 of the canonical request body; null for keys claimed before digests were kept. */
    request_digest: string | null;
  };
  member_buyers: {
    member_id: string;
    profession: string | null;
    gst: string;
    subscription_status: string;
    /** The account's, from identity (null until heard). */
    firstname: string | null;
    lastname: string | null;
    email: string | null;
  };
  processed_events: { consumer: string; event_id: string; processed_at: Date };
  /** Sold-out products' waitlists (migration 0011, issue 33 item 3). */
  waitlist: WaitlistTable;
  /** A drop's waiting room, one per opening (migration 0012, docs/decisions/0153). */
  waiting_rooms: {
    drop_id: string;
    opens_at: Date;
    seed: string;
    seed_sha256: string;
    created_at: Date;
    drawn_at: Date | null;
    admitted_per_second: number | null;
  };
  waiting_room_entrants: { drop_id: string; opens_at: Date; member_id: string; joined_at: Date };
}

export type WaitlistState = 'waiting' | 'offering' | 'offered' | 'left' | 'passed' | 'closed';

export interface WaitlistTable {
  product_id: string;
  member_id: string;
  joined_at: Date;
  state: WaitlistState;
  /** The member's order details as they joined (the order payload), for the reservation a returned unit becomes. */
  request: OrderPayload;
  order_id: string | null;
  /** `<released order id>#<unit>`: the unit handed to this member. */
  handed_from: string | null;
  updated_at: Date;
}
