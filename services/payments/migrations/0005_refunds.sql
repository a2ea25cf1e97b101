-- A refund is a payment of its own: type and purpose 'refund', its id our refund id, linked to the payment it gives
-- back. Its events live on that payment's stream (domain/refund.ts), where the cap on refunds is decided.
alter table payments add column refund_of text;
create index payments_refunds on payments (refund_of) where refund_of is not null;

-- An order has one checkout payment; its refunds carry the same order id.
drop index payments_order_checkout;
create unique index payments_order_checkout on payments (order_id) where purpose not in ('renewal', 'refund');

-- Refunds made before this (late successes, refused membership attempts) were only a PaymentRefunded on the refunded
-- payment's stream: each becomes its refund's row, settled when it was recorded.
insert into payments (payment_id, order_id, member_id, amount_paise, currency, payment_type, purpose, subscription_id,
  gateway, status, created_at, processed_at, updated_at, refund_of)
select e.data->>'refundId', e.data->>'orderId', (e.data->>'memberId')::uuid, (e.data->>'amountPaise')::bigint, 'INR',
  'refund', 'refund', null, p.gateway, 'success', e.recorded_at, e.recorded_at, e.recorded_at, p.payment_id
from events e join payments p on p.payment_id = e.data->>'paymentId'
where e.type = 'PaymentRefunded'
on conflict (payment_id) do nothing;

-- GST credit notes (CGST s.34, Rule 53): one per refund of a payment that had a tax invoice, numbered in a series of
-- their own per financial year, naming the invoice they reduce.
create table credit_notes (
  credit_note_number text primary key,
  refund_id text not null unique,
  payment_id text not null,
  invoice_number text not null,
  member_id uuid not null,
  financial_year text not null,
  issued_at timestamptz not null,
  total_paise bigint not null,
  document jsonb not null
);
create index credit_notes_member on credit_notes (member_id, issued_at desc);
create table credit_note_counters (financial_year text primary key, last_number integer not null);
