-- One status vocabulary (issue 32): an order waiting for its payment is 'pending' everywhere, as the member and the
-- Payments page say; the Orders page's 'processing' is a paid order being processed (its fulfilment step), not a
-- payer at the checkout.
update product_orders set status = 'pending' where status = 'processing';

-- Every refund on its order, and revenue net of refunds on the Orders page as on Payments (issue 32).
--
-- A product order's net_paise is what its payments kept: the sum of its successful product payments less what was
-- refunded of them, kept by triggers from the payments table as a subscription's paid_paise is (migration 0005). The
-- Orders page's revenue and the Payments page's product revenue are then the same sum, by construction.
alter table product_orders add column net_paise bigint not null default 0;

-- The order and its payments arrive through two consumers in concurrent transactions: each takes the order's lock
-- first (in order id order), so the insert's look at the payments and the payments' update of the order cannot both
-- miss the other's uncommitted write (as lockMember serialises a member's row).
create function keep_product_orders_net() returns trigger language plpgsql as $$
begin
  execute format($q$select pg_advisory_xact_lock(hashtext('admin-bff.order:' || l.order_id))
    from (select distinct order_id from (%s) c where payment_type = 'product_order' order by 1) l$q$, changed_rows(tg_op));
  execute format($q$update product_orders o set net_paise = o.net_paise + d.net
    from (select order_id, sum(sign * (amount_paise - refunded_paise)) as net from (%s) c
          where payment_type = 'product_order' and status = 'success' group by order_id) d
    where o.order_id = d.order_id and d.net <> 0$q$, changed_rows(tg_op));
  return null;
end $$;

-- An order recorded after its payments (two streams) starts with what they kept.
create function product_order_net_so_far() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('admin-bff.order:' || new.order_id));
  new.net_paise := coalesce((select sum(amount_paise - refunded_paise) from payments
    where order_id = new.order_id and payment_type = 'product_order' and status = 'success'), 0);
  return new;
end $$;
create trigger product_orders_net_so_far before insert on product_orders for each row execute function product_order_net_so_far();
create trigger payments_net_insert after insert on payments referencing new table as new_rows
  for each statement execute function keep_product_orders_net();
create trigger payments_net_update after update on payments referencing old table as old_rows new table as new_rows
  for each statement execute function keep_product_orders_net();
create trigger payments_net_delete after delete on payments referencing old table as old_rows
  for each statement execute function keep_product_orders_net();

update product_orders o set net_paise = coalesce((select sum(p.amount_paise - p.refunded_paise) from payments p
  where p.order_id = o.order_id and p.payment_type = 'product_order' and p.status = 'success'), 0);

-- The per-day aggregate carries the net beside the orders' amounts; refilled from the orders.
alter table product_order_day_stats add column net_paise bigint not null default 0;
update aggregate_definitions set measures = 'orders;amount_paise;net_paise', measure_exprs = '1;c.amount_paise;c.net_paise'
  where target = 'product_order_day_stats';
delete from product_order_day_stats;
do $$
declare
  d aggregate_definitions;
begin
  select * into d from aggregate_definitions where target = 'product_order_day_stats';
  execute aggregate_sql(d, 'select *, 1 as sign from product_orders');
end $$;

-- Each refund of a product order (kept from the orders service's events, read as contracts' refundLineChange reads
-- them): why, how, how much and where it stands; a failed one made good names how (retry) and the new one names it
-- (retry_of). kind, method and amount are null while only a settlement has been heard.
create table product_order_refunds (
  refund_id text primary key,
  order_id text not null,
  kind text,
  method text,
  amount_paise bigint,
  reason text,
  state text not null,
  retry text,
  retry_of text,
  asked_at timestamptz,
  settled_at timestamptz
);
create index product_order_refunds_by_order on product_order_refunds (order_id, asked_at);

-- The refunds known before, from the payments' refund rows (a fund transfer each; credits had no row).
insert into product_order_refunds (refund_id, order_id, kind, method, amount_paise, reason, state, asked_at, settled_at)
select r.payment_id, r.order_id,
  case when o.refund_state is not null then 'out_of_stock'
    when exists (select 1 from audit_log a where a.action = 'exchange.refunded' and a.target like o.order_id || '-X%') then 'exchange'
    else 'late_payment' end,
  'fund_transfer',
  r.amount_paise, coalesce(r.failure_reason, 'Refund'),
  case r.status when 'success' then 'refunded' when 'failed' then 'refund_failed' else 'refunding' end,
  r.created_at, r.processed_at
from payments r join product_orders o on o.order_id = r.order_id
where r.payment_type = 'refund'
on conflict (refund_id) do nothing;
