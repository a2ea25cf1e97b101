-- Payments as the service reads them, projected from the payment streams in the appending transaction.
create table payments (
  payment_id text primary key,
  order_id text not null,
  member_id uuid not null,
  amount_paise bigint not null,
  currency text not null default 'INR',
  payment_type text not null,
  purpose text not null,
  subscription_id text,
  gateway text not null,
  status text not null,
  method text,
  gateway_payment_id text,
  bank_reference text,
  failure_reason text,
  auto_failed boolean not null default false,
  timeout_minutes integer,
  at_risk boolean not null default false,
  at_risk_at timestamptz,
  timeout_at timestamptz,
  created_at timestamptz not null,
  processed_at timestamptz,
  updated_at timestamptz not null
);
create unique index payments_order_checkout on payments (order_id) where purpose <> 'renewal';
create index payments_member on payments (member_id, created_at desc);
create index payments_unsettled on payments (created_at) where status in ('pending', 'processing');

create table subscriptions (
  subscription_id text primary key,
  member_id uuid not null,
  status text not null,
  plan_type text not null,
  frequency text not null,
  amount_paise bigint not null,
  currency text not null default 'INR',
  auto_renewal boolean not null,
  cycle integer not null default 0,
  start_date timestamptz,
  end_date timestamptz,
  gateway text not null,
  session_id text not null,
  authorization_link text,
  mandate_id text,
  mandate_status text,
  mandate_max_paise bigint,
  next_execution_date timestamptz,
  latest_payment_id text,
  failure_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index subscriptions_member on subscriptions (member_id, created_at desc);

-- What payments needs to know of a member (customer details, invoice recipient), from identity's events.
create table member_profiles (
  member_id uuid primary key,
  email text not null,
  firstname text not null default '',
  lastname text not null default '',
  mobile text,
  address text,
  profession_address text,
  pincode text,
  gst text not null default ''
);

create table invoices (
  invoice_number text primary key,
  payment_id text not null unique,
  member_id uuid not null,
  financial_year text not null,
  issued_at timestamptz not null,
  total_paise bigint not null,
  document jsonb not null
);
create index invoices_member on invoices (member_id, issued_at desc);

-- Invoice numbers run consecutively within a financial year (April to March), as CGST Rule 46 requires.
create table invoice_counters (
  financial_year text primary key,
  last_number integer not null
);

create table credit_ledger (
  id bigint generated always as identity primary key,
  member_id uuid not null,
  kind text not null check (kind in ('grant', 'spend', 'release')),
  amount_paise bigint not null,
  subscription_id text,
  order_id text,
  expires_at timestamptz,
  created_at timestamptz not null
);
create index credit_ledger_member on credit_ledger (member_id);
create unique index credit_ledger_once_per_order on credit_ledger (kind, order_id) where order_id is not null;

-- Webhook deliveries seen, by the gateway's idempotency key: a delivery repeated is acknowledged and ignored.
create table webhook_receipts (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
