-- Fulfilment (docs/decisions/0023): how far each paid product order has gone, from orders' events, for the Orders
-- page's Fulfilment column, its actions and its filter. A paid order starts at 'paid'; unpaid ones have no step.
alter table product_orders
  add column fulfilment_step text,
  add column courier text,
  add column awb_number text,
  add column tracking_url text,
  add column shipped_at timestamptz,
  add column delivered_on date;

update product_orders set fulfilment_step = 'paid' where status = 'completed';

-- Operators list the orders waiting at one step ("paid, not yet processing"), newest first.
create index product_orders_fulfilment on product_orders (fulfilment_step, created_at desc, order_id desc)
  where fulfilment_step is not null;
