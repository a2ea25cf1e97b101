-- Fulfilment (docs/decisions/0023): each shipment of a paid order and its steps, projected from the order's stream.
-- The order's own goods are shipment 1; a replacement for an exchange will be another row of the same order.
create table order_shipments (
  order_id text not null,
  shipment integer not null,
  step text not null,
  opened_at timestamptz not null,
  processing_at timestamptz,
  shipped_at timestamptz,
  courier text,
  awb_number text,
  tracking_url text,
  delivered_on date,
  delivered_at timestamptz,
  primary key (order_id, shipment)
);

-- Orders paid before fulfilment was recorded wait at its first step, opened when their payment completed them.
insert into order_shipments (order_id, shipment, step, opened_at)
select o.order_id, 1, 'paid', coalesce(
  (select max(e.recorded_at) from events e where e.stream_id = 'order-' || o.order_id and e.type = 'OrderCompleted'),
  o.updated_at)
from orders o
where o.status = 'completed';
