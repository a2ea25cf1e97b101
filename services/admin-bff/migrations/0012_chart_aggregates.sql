-- The back office's charts (issue 39, decision 0096) read daily aggregates only, never the rows behind them. The
-- payments, orders and memberships' own aggregates (migration 0005) already keep each Indian day; two more are kept
-- here by the same trigger function: sign-ups per day, and each change of a membership per day.

-- Members who joined, per Indian day of their registration.
create table user_day_stats (
  day date primary key,
  users bigint not null
);

-- Each change of a membership the Members chart counts (started, renewed, expired, revoked), one row per event that
-- made it: the event's id keeps a redelivered event from counting twice, and its Indian day is when it happened.
create table membership_changes (
  event_id text primary key,
  subscription_id text not null,
  kind text not null check (kind in ('started', 'renewed', 'expired', 'revoked')),
  at timestamptz not null
);
create table membership_day_stats (
  day date not null,
  kind text not null,
  memberships bigint not null,
  primary key (day, kind)
);

insert into aggregate_definitions values
  ('user_day_stats', 'users', '', 'day', 'indian_day(c.created_at)', 'users', '1', true),
  ('membership_day_stats', 'membership_changes', '', 'day;kind', 'indian_day(c.at);c.kind', 'memberships', '1', true);

do $$
declare
  t record;
begin
  -- users already has its triggers (migration 0005): keep_aggregates reads every definition of its source.
  for t in select * from (values ('insert', 'new table as new_rows'), ('update', 'old table as old_rows new table as new_rows'),
      ('delete', 'old table as old_rows')) as v(op, tables) loop
    execute format('create trigger membership_changes_aggregates_%1$s after %1$s on membership_changes referencing %2$s
      for each statement execute function keep_aggregates()', t.op, t.tables);
  end loop;
end $$;

-- The memberships known before this migration had no changes recorded: those that started and those that expired
-- are counted from their rows; renewals and revocations are not dated on a row, and `npm run projections:rebuild`
-- counts them from the events.
insert into membership_changes (event_id, subscription_id, kind, at)
select 'migrated:started:' || subscription_id, subscription_id, 'started', start_date from subscriptions where start_date is not null
union all
select 'migrated:expired:' || subscription_id, subscription_id, 'expired', end_date from subscriptions
  where status = 'expired' and end_date is not null;

-- Fulfilment times for the Orders page: when each order was paid (its OrderCompleted; before this migration, its
-- first successful payment), and per Indian day it was paid, how many of those orders shipped and were delivered and
-- the time each took (seconds to the shipment, calendar days to the delivery day). Orders not yet paid are counted
-- on the day they were made, with nothing in these sums.
alter table product_orders add column paid_at timestamptz;
update product_orders o set paid_at = (select min(p.processed_at) from payments p
    where p.order_id = o.order_id and p.payment_type = 'product_order' and p.status in ('success', 'refunded'))
  where o.fulfilment_step is not null;
create table fulfilment_day_stats (
  day date primary key,
  shipped bigint not null,
  ship_seconds bigint not null,
  delivered bigint not null,
  deliver_days bigint not null
);
insert into aggregate_definitions values
  ('fulfilment_day_stats', 'product_orders', '', 'day', 'indian_day(coalesce(c.paid_at, c.created_at))',
   'shipped;ship_seconds;delivered;deliver_days',
   '(c.paid_at is not null and c.shipped_at is not null)::int;'
   || 'case when c.paid_at is not null and c.shipped_at is not null then extract(epoch from c.shipped_at - c.paid_at)::bigint else 0 end;'
   || '(c.paid_at is not null and c.delivered_on is not null)::int;'
   || 'case when c.paid_at is not null and c.delivered_on is not null then c.delivered_on - indian_day(c.paid_at) else 0 end',
   true);
-- The new aggregates of rows already there (membership_day_stats was kept by its triggers as its rows went in).
do $$
declare
  d aggregate_definitions;
begin
  for d in select * from aggregate_definitions where target in ('user_day_stats', 'fulfilment_day_stats') loop
    execute aggregate_sql(d, format('select *, 1 as sign from %I', d.source));
  end loop;
end $$;
