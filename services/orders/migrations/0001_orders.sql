-- Orders as the service reads them, projected from the order streams in the appending transaction.
create table orders (
  order_id text primary key,
  member_id uuid not null,
  product_id text not null,
  product jsonb not null,
  quantity integer not null,
  unit_price_paise bigint not null,
  credit_paise bigint not null,
  amount_paise bigint not null,
  status text not null,
  payment_id text,
  transaction_id text,
  payment_method text,
  failure_reason text,
  customer jsonb not null,
  shipping_address jsonb not null,
  billing_address jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- A member's history, newest first, filtered by status: the one query the Orders screen makes.
create index orders_member_history on orders (member_id, created_at desc, order_id desc);
create index orders_member_status on orders (member_id, status, created_at desc);

-- The same order placed twice with one idempotency key returns the first.
create table order_idempotency (
  member_id uuid not null,
  idempotency_key text not null,
  order_id text not null,
  created_at timestamptz not null default now(),
  primary key (member_id, idempotency_key)
);

-- What orders keeps of each member, from identity and payments: who may buy, and how many.
create table member_buyers (
  member_id uuid primary key,
  profession text,
  gst text not null default '',
  subscription_status text not null default 'none'
);
