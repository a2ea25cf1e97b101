-- Tax invoices for product orders (issue 38, docs/decisions/0093).

-- Each product's GST tax facts, from catalog's product events (null until an operator gives them).
create table product_tax_facts (
  product_id text primary key,
  hsn_code text,
  gst_rate_percent numeric(5, 2)
);

-- What the invoice needs of each product order, from orders' OrderPlaced (its data as recorded).
create table product_orders (
  order_id text primary key,
  member_id uuid not null,
  product_id text not null,
  placed jsonb not null
);

-- The invoice of a product order is found by its order too.
alter table invoices add column order_id text unique;

-- Each series (memberships, goods) numbers its own invoices per financial year; the membership's rows keep ''.
alter table invoice_counters add column series text not null default '';
alter table invoice_counters drop constraint invoice_counters_pkey;
alter table invoice_counters add primary key (series, financial_year);
