-- Trigram matching of members' free-text Need and Greed items against products. Installed in public, which every
-- service's search_path includes, so one copy serves the all-in-one PGlite and each PostgreSQL database alike.
create extension if not exists pg_trgm with schema public;

-- Products as the service reads them: projected from the product streams in the appending transaction.
create table products (
  id text primary key,
  name text not null,
  images jsonb not null,
  price_paise bigint not null check (price_paise >= 0),
  amazon_price_paise bigint check (amazon_price_paise >= 0),
  category text not null,
  brand text not null default '',
  descriptions jsonb not null,
  sku text not null default '',
  variant_group text,
  is_variant_primary boolean not null default false,
  sale_start_at timestamptz,
  sale_end_at timestamptz,
  is_enabled boolean not null,
  exclusive boolean not null default false,
  drop_id text,
  -- What a list item is matched against: name, brand and category.
  search_text text generated always as (lower(name || ' ' || brand || ' ' || category)) stored,
  version integer not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index products_newest on products (created_at desc, id desc);
create index products_variant_group on products (variant_group) where variant_group is not null;
create index products_search on products using gin (search_text gin_trgm_ops);

-- Stock per product. available = on_hand - held - sold, and the constraint makes overselling impossible even if a
-- code path forgot its condition: every change is one conditional statement or runs under the row's lock.
create table stock (
  product_id text primary key references products (id),
  on_hand integer not null check (on_hand >= 0),
  held integer not null default 0 check (held >= 0),
  sold integer not null default 0 check (sold >= 0),
  updated_at timestamptz not null default now(),
  constraint stock_available_never_negative check (on_hand - held - sold >= 0)
);

-- One row per order id: what makes hold, release and commit idempotent. A refused hold is kept too, so that a
-- repeated call answers as the first did.
create table stock_holds (
  order_id text primary key,
  product_id text not null,
  quantity integer not null check (quantity > 0),
  state text not null check (state in ('held', 'released', 'committed', 'expired', 'refused')),
  refusal text check (refusal in ('not_found', 'not_buyable', 'out_of_stock')),
  hold_until timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index stock_holds_due on stock_holds (hold_until) where state = 'held';
create index stock_holds_product_held on stock_holds (product_id) where state = 'held';

-- Every change of a stock row, with its deltas: summed per product they give the row (forensics for free).
create table stock_movements (
  id bigint generated always as identity primary key,
  product_id text not null,
  kind text not null check (kind in ('restock', 'hold', 'release', 'commit', 'expire', 'adjust')),
  quantity integer not null,
  on_hand_delta integer not null default 0,
  held_delta integer not null default 0,
  sold_delta integer not null default 0,
  order_id text,
  actor text not null,
  recorded_at timestamptz not null default now()
);
create index stock_movements_product on stock_movements (product_id, id);

-- Deal drops an admin created, and admins' changes (moves, cancellations) to drops of the default calendar.
create table drops (
  id text primary key,
  source text not null check (source in ('calendar', 'admin')),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  label text not null,
  cancelled boolean not null default false,
  updated_at timestamptz not null,
  constraint drops_close_after_open check (closes_at > opens_at)
);

-- What the board needs to know of each member, from identity's and payments' events.
create table members (
  member_id uuid primary key,
  email text,
  need_list text[] not null default '{}',
  greed_list text[] not null default '{}',
  subscription_status text not null default 'none',
  subscription_valid_until timestamptz,
  -- When payments recorded the status we keep: an older event delivered late does not overwrite a newer one.
  subscription_changed_at timestamptz,
  updated_at timestamptz not null default now()
);
create index members_email on members (lower(email));

-- The early-access list admins manage (emails lower-cased).
create table early_access (
  email text primary key,
  added_by text not null,
  added_at timestamptz not null
);

-- Completed orders from the orders service: what "most ordered in the last 14 days" counts.
create table completed_orders (
  order_id text primary key,
  product_id text not null,
  member_id uuid not null,
  quantity integer not null,
  completed_at timestamptz not null
);
create index completed_orders_recent on completed_orders (completed_at, product_id);
