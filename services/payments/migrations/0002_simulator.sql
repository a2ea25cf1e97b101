-- The payment simulator's own records: what a gateway would keep on its side.
create table sim_orders (
  order_id text primary key,
  session_id text not null unique,
  amount_paise bigint not null,
  status text not null,
  customer jsonb not null,
  return_url text not null,
  note text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

create table sim_payments (
  id text primary key,
  order_id text not null,
  status text not null,
  method text not null,
  amount_paise bigint not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index sim_payments_order on sim_payments (order_id);

create table sim_refunds (
  refund_id text primary key,
  order_id text not null,
  amount_paise bigint not null,
  status text not null,
  created_at timestamptz not null default now()
);

create table sim_subscriptions (
  subscription_id text primary key,
  session_id text not null unique,
  status text not null,
  plan jsonb not null,
  customer jsonb not null,
  authorization_amount_paise bigint not null,
  return_url text not null,
  authorization_status text not null default 'INITIALIZED',
  authorization_payment_id text,
  umn text,
  method text,
  authorized_at timestamptz,
  link_expires_at timestamptz not null,
  next_charge_outcome text not null default 'SUCCESS',
  created_at timestamptz not null default now()
);

create table sim_charges (
  payment_id text primary key,
  subscription_id text not null,
  amount_paise bigint not null,
  scheduled_for timestamptz not null,
  status text not null,
  failure_reason text,
  created_at timestamptz not null default now()
);

-- The key the simulator signs its webhooks with, shared by every instance.
create table sim_secrets (
  name text primary key,
  value text not null
);
