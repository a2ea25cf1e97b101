-- The back office's read models, built only from other services' events.

create table users (
  member_id uuid primary key,
  member_number integer not null,
  email text not null,
  firstname text not null default '',
  lastname text not null default '',
  gender text,
  dob date,
  mobile text,
  profession text,
  persona text,
  gst text not null default '',
  address text,
  profession_address text,
  pincode text,
  need_list text[] not null default '{}',
  greed_list text[] not null default '{}',
  profile_image text,
  subscription_status text not null default 'none',
  created_at timestamptz not null
);
create index users_created on users (created_at desc, member_id);
create index users_pincode on users (pincode);
create index users_profession on users (profession);

-- One row per item of a member's lists, lower-cased: the chips and their counts come from here.
create table user_list_items (
  member_id uuid not null,
  list text not null check (list in ('need', 'greed')),
  item text not null,
  primary key (member_id, list, item)
);
create index user_list_items_item on user_list_items (list, item);

create table payments (
  payment_id text primary key,
  order_id text not null,
  member_id uuid not null,
  amount_paise bigint not null,
  currency text not null,
  payment_type text not null,
  status text not null,
  method text,
  gateway_payment_id text,
  failure_reason text,
  auto_failed boolean not null default false,
  timeout_minutes integer,
  at_risk boolean not null default false,
  refunded_paise bigint not null default 0,
  created_at timestamptz not null,
  processed_at timestamptz
);
create index payments_created on payments (created_at desc, payment_id desc);
create index payments_status_created on payments (status, created_at desc);
create index payments_pending on payments (created_at) where status in ('pending', 'processing');
create index payments_member on payments (member_id);
create index payments_order on payments (order_id);

create table product_orders (
  order_id text primary key,
  member_id uuid not null,
  customer_email text not null,
  customer_name text not null,
  product_id text not null,
  product jsonb not null,
  quantity integer not null,
  amount_paise bigint not null,
  currency text not null default 'INR',
  status text not null,
  created_at timestamptz not null
);
create index product_orders_created on product_orders (created_at desc, order_id desc);
create index product_orders_status on product_orders (status, created_at desc);

create table subscriptions (
  subscription_id text primary key,
  member_id uuid not null,
  plan_type text not null,
  frequency text not null,
  amount_paise bigint not null,
  currency text not null,
  status text not null,
  auto_renewal boolean not null,
  created_at timestamptz not null,
  start_date timestamptz,
  end_date timestamptz
);
create index subscriptions_created on subscriptions (created_at desc, subscription_id desc);
create index subscriptions_status on subscriptions (status, created_at desc);

-- Every admin write, with who, when, and the record before and after.
create table audit_log (
  id bigint generated always as identity primary key,
  event_id text unique,
  actor text not null,
  action text not null,
  target text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null
);
create index audit_log_at on audit_log (at desc, id desc);
