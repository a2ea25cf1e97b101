-- Exchanges (docs/decisions/0025), projected from the order's stream: the member's request, the operator's decision,
-- the replacement's shipment (a row of order_shipments, numbered from 2) or the refund when none could be found.
create table order_exchanges (
  exchange_id text primary key,
  order_id text not null,
  member_id text not null,
  -- The delivered shipment being exchanged, and the one sent in its place once approved.
  shipment integer not null,
  replacement_shipment integer,
  reason text not null,
  note text not null,
  product_id text not null,
  product jsonb not null,
  state text not null,
  requested_at timestamptz not null,
  decided_at timestamptz,
  decided_by text,
  refusal_reason text,
  ships_by date,
  refund_id text,
  refund_paise bigint,
  updated_at timestamptz not null
);

create index order_exchanges_by_order on order_exchanges (order_id, requested_at);
-- The operators' queue: by state, oldest first.
create index order_exchanges_queue on order_exchanges (state, requested_at, exchange_id);
