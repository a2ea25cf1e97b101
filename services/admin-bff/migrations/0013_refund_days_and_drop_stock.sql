-- Two read models of issue 39's charts (decision 0170).

-- Refunds on the day they were made ------------------------------------------------------------------------------------
-- The Payments chart's revenue is what the payments of a day took, less the refunds made that day (India's calendar):
-- a refund lowers the revenue of the day it was made, not of the day the payment was taken, so a past period's
-- figures stay as they were shown. One row per refund settled (its PaymentRefunded), whatever it refunded.
create table payment_refunds (
  refund_id text primary key,
  amount_paise bigint not null,
  refunded_at timestamptz not null
);
create table refund_day_stats (
  day date primary key,
  refunds bigint not null,
  amount_paise bigint not null
);
insert into aggregate_definitions values
  ('refund_day_stats', 'payment_refunds', '', 'day', 'indian_day(c.refunded_at)', 'refunds;amount_paise', '1;c.amount_paise', true);

-- Units received and sold, per product and Indian clock hour: the Drops chart ----------------------------------------
-- Every move of stock the chart counts, one row per event that made it (a redelivered event adds nothing):
-- units on hand (a new product's stock, an operator's adjustment, negative when taken out) and units sold (a paid
-- order's OrderCompleted, an exchange's replacement taken by its ExchangeApproved). These are the catalogue's
-- 'restock', 'adjust' and 'commit' movements, as its events tell them.
create table stock_moves (
  event_id text primary key,
  product_id text not null,
  at timestamptz not null,
  on_hand bigint not null,
  sold bigint not null
);

-- The start of the Indian clock hour of an instant (India keeps +05:30: its hours start at half past in UTC).
create function indian_hour(at timestamptz) returns timestamptz language sql immutable parallel safe
  as $$ select (date_trunc('hour', (at at time zone 'UTC') + interval '30 minutes') - interval '30 minutes') at time zone 'UTC' $$;

-- What the chart reads: per product and hour, on hand's net change, the units received (moves that added) and sold.
create table stock_hour_stats (
  product_id text not null,
  hour timestamptz not null,
  on_hand bigint not null,
  received bigint not null,
  sold bigint not null,
  primary key (product_id, hour)
);
-- The same per Indian day: a drop's units in stock before the day it opens are read from a product's days, not its
-- hours, so the chart reads a row per day of a product's history and per hour of the drop's own day and hours.
create table stock_day_stats (
  product_id text not null,
  day date not null,
  on_hand bigint not null,
  sold bigint not null,
  primary key (product_id, day)
);
insert into aggregate_definitions values
  ('stock_hour_stats', 'stock_moves', '', 'product_id;hour', 'c.product_id;indian_hour(c.at)', 'on_hand;received;sold',
   'c.on_hand;greatest(c.on_hand, 0);c.sold', true),
  ('stock_day_stats', 'stock_moves', '', 'product_id;day', 'c.product_id;indian_day(c.at)', 'on_hand;sold', 'c.on_hand;c.sold', true);

-- The deal drops scheduled, moved or cancelled (a calendar drop no operator touched has no event: the calendar's
-- anchor computes it, as the catalogue does).
create table catalog_drops (
  drop_id text primary key,
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  label text not null,
  cancelled boolean not null
);

do $$
declare
  t record;
  source text;
begin
  foreach source in array array['payment_refunds', 'stock_moves'] loop
    for t in select * from (values ('insert', 'new table as new_rows'), ('update', 'old table as old_rows new table as new_rows'),
        ('delete', 'old table as old_rows')) as v(op, tables) loop
      execute format('create trigger %1$s_aggregates_%2$s after %2$s on %1$I referencing %3$s
        for each statement execute function keep_aggregates()', source, t.op, t.tables);
    end loop;
  end loop;
end $$;

-- The refunds known before: each refund's own row, dated when it settled; money given back without one (refunds
-- recorded before refunds had rows) on the day its payment was last settled. `npm run projections:rebuild` dates
-- every one by its event. The Drops chart's tables fill from the events only (a rebuild): admin-bff kept no stock.
insert into payment_refunds (refund_id, amount_paise, refunded_at)
select payment_id, amount_paise, coalesce(processed_at, created_at) from payments where payment_type = 'refund' and status = 'success'
union all
select 'migrated:' || p.order_id, p.refunded - coalesce(r.refunded, 0), p.at
from (select order_id, sum(refunded_paise) as refunded, max(coalesce(processed_at, created_at)) as at from payments
      where payment_type <> 'refund' and refunded_paise > 0 group by order_id) p
left join (select order_id, sum(amount_paise) as refunded from payments where payment_type = 'refund' and status = 'success'
           group by order_id) r on r.order_id = p.order_id
where p.refunded > coalesce(r.refunded, 0);
