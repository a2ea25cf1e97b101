import type { RefundLineRow } from '@elts/platform';
import type { Generated } from 'kysely';
import type { ContactMessagesTable } from './contact-messages.js';

export interface AdminDb extends ContactMessagesTable {
  users: {
    member_id: string;
    member_number: number;
    email: string;
    firstname: string;
    lastname: string;
    gender: string | null;
    dob: string | null;
    mobile: string | null;
    profession: string | null;
    persona: string | null;
    gst: string;
    address: string | null;
    profession_address: string | null;
    pincode: string | null;
    need_list: string[];
    greed_list: string[];
    profile_image: string | null;
    subscription_status: string;
    created_at: Date;
  };
  catalog_products: { product_id: string; product: unknown };
  member_subscription_status: { member_id: string; status: string };
  user_list_items: { member_id: string; list: 'need' | 'greed'; item: string };
  payments: {
    payment_id: string;
    order_id: string;
    member_id: string;
    amount_paise: number;
    currency: string;
    payment_type: string;
    status: string;
    method: string | null;
    gateway_payment_id: string | null;
    failure_reason: string | null;
    auto_failed: boolean;
    timeout_minutes: number | null;
    /** PaymentInitiated's purpose: membership, renewal or product_order (a renewal charge is never at risk). */
    purpose: string;
    refunded_paise: number;
    created_at: Date;
    processed_at: Date | null;
    /** Stored, generated from status, auto_failed and failure_reason. */
    timed_out: Generated<boolean>;
  };
  product_orders: {
    order_id: string;
    member_id: string;
    customer_email: string;
    customer_name: string;
    product_id: string;
    product: { name: string; brand: string; category: string; images: string[] };
    quantity: number;
    amount_paise: number;
    currency: string;
    status: string;
    created_at: Date;
    /** Paid orders' fulfilment (migration 0008): paid, processing, shipped or delivered; null while unpaid. */
    fulfilment_step: string | null;
    courier: string | null;
    awb_number: string | null;
    tracking_url: string | null;
    shipped_at: Date | null;
    /** YYYY-MM-DD. */
    delivered_on: string | null;
    /** Cancelled as out of stock (migration 0010): awaiting_choice, refunding or refunded; null otherwise. */
    refund_state: string | null;
    /** fund_transfer or credits, once chosen. */
    refund_choice: string | null;
    refund_choice_by: Date | null;
    /** What its payments kept: paid less refunded, kept from the payments table by triggers (migration 0011). */
    net_paise: Generated<number>;
    /** When it was paid (its OrderCompleted, migration 0012); null while unpaid. */
    paid_at: Generated<Date | null>;
  };
  subscriptions: {
    subscription_id: string;
    member_id: string;
    plan_type: string;
    frequency: string;
    amount_paise: number;
    currency: string;
    status: string;
    auto_renewal: boolean;
    created_at: Date;
    start_date: Date | null;
    end_date: Date | null;
    /** Kept by a trigger from the subscription's successful payments, less refunds. */
    paid_paise: Generated<number>;
  };
  audit_log: {
    id: Generated<number>;
    event_id: string | null;
    actor: string;
    action: string;
    target: string;
    before: unknown;
    after: unknown;
    at: Date;
  };
  // The aggregates of migration 0005, kept by triggers on the read models (sums arrive as strings).
  payment_day_stats: {
    day: string;
    payment_type: string;
    status: string;
    timed_out: boolean;
    payments: string;
    amount_paise: string;
    net_paise: string;
  };
  product_order_day_stats: { day: string; status: string; orders: string; amount_paise: string; net_paise: string };
  /** Each refund of a product order (migration 0011, decision 0075). */
  product_order_refunds: RefundLineRow;
  subscription_day_stats: { day: string; status: string; started: boolean; subscriptions: string; paid_paise: string };
  /** The charts' aggregates of migration 0012. */
  user_day_stats: { day: string; users: string };
  membership_changes: { event_id: string; subscription_id: string; kind: 'started' | 'renewed' | 'expired' | 'revoked'; at: Date };
  membership_day_stats: { day: string; kind: string; memberships: string };
  fulfilment_day_stats: { day: string; shipped: string; ship_seconds: string; delivered: string; deliver_days: string };
  user_facets: { profession: string; persona: string; kind: 'all' | 'pincode' | 'need' | 'greed'; value: string; members: string };
  /** Migration 0013 (decision 0170): each refund settled, and the refunds of each Indian day. */
  payment_refunds: { refund_id: string; amount_paise: number; refunded_at: Date };
  refund_day_stats: { day: string; refunds: string; amount_paise: string };
  /** The Drops chart's: each stock move an event made, its sums per product and Indian hour, and the drops moved. */
  stock_moves: { event_id: string; product_id: string; at: Date; on_hand: number; sold: number };
  stock_hour_stats: { product_id: string; hour: Date; on_hand: string; received: string; sold: string };
  stock_day_stats: { product_id: string; day: string; on_hand: string; sold: string };
  catalog_drops: { drop_id: string; opens_at: Date; closes_at: Date; label: string; cancelled: boolean };
  processed_events: { consumer: string; event_id: string; processed_at: Date };
}
