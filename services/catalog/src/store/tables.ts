import type { EventTables } from '@elts/platform';
import type { Generated } from 'kysely';

export interface ProductsTable {
  id: string;
  name: string;
  images: string[];
  price_paise: number;
  amazon_price_paise: number | null;
  /** When the operator recorded that retail price (migration 0006, decision 0156); null with none. */
  amazon_price_recorded_at: Date | null;
  category: string;
  brand: string;
  descriptions: { title: string; content: string }[];
  sku: string;
  variant_group: string | null;
  is_variant_primary: boolean;
  sale_start_at: Date | null;
  sale_end_at: Date | null;
  is_enabled: boolean;
  exclusive: boolean;
  drop_id: string | null;
  hsn_code: string | null;
  gst_rate_percent: number | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export type HoldState = 'held' | 'released' | 'committed' | 'expired' | 'refused' | 'handed';
export type HoldRefusal = 'not_found' | 'not_buyable' | 'out_of_stock';
export type MovementKind = 'restock' | 'hold' | 'release' | 'commit' | 'expire' | 'adjust' | 'hand_over';

export interface CatalogDb extends EventTables {
  products: ProductsTable;
  stock: { product_id: string; on_hand: number; held: Generated<number>; sold: Generated<number>; updated_at: Generated<Date> };
  stock_holds: {
    order_id: string;
    product_id: string;
    quantity: number;
    state: HoldState;
    refusal: HoldRefusal | null;
    hold_until: Date;
    created_at: Date;
    updated_at: Date;
  };
  stock_movements: {
    id: Generated<number>;
    product_id: string;
    kind: MovementKind;
    quantity: number;
    on_hand_delta: Generated<number>;
    held_delta: Generated<number>;
    sold_delta: Generated<number>;
    order_id: string | null;
    actor: string;
    recorded_at: Generated<Date>;
  };
  drops: {
    id: string;
    source: 'calendar' | 'admin';
    opens_at: Date;
    closes_at: Date;
    label: string;
    cancelled: boolean;
    updated_at: Date;
  };
  members: {
    member_id: string;
    email: string | null;
    need_list: Generated<string[]>;
    greed_list: Generated<string[]>;
    subscription_status: Generated<string>;
    subscription_valid_until: Date | null;
    subscription_changed_at: Date | null;
    updated_at: Generated<Date>;
  };
  early_access: { email: string; added_by: string; added_at: Date };
  completed_orders: { order_id: string; product_id: string; member_id: string; quantity: number; completed_at: Date };
  processed_events: { consumer: string; event_id: string; processed_at: Generated<Date> };
}
