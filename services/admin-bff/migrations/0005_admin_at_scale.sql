-- The back office at 100,000 members and 1,000,000 payments (decision 0042): indexes that match every list's order
-- and filters, trigram indexes for the free-text searches, and the stats kept as aggregates. The aggregates are kept
-- by statement triggers on the read models, so every write that changes a read model (a consumer applying an event,
-- a rebuild emptying the tables, seed:scale's bulk insert) changes its aggregate in the same transaction.

create extension if not exists pg_trgm with schema public;

-- The Indian calendar day of an instant (India keeps +05:30 all year): the admin date filters' unit.
create function indian_day(at timestamptz) returns date language sql immutable parallel safe
  as $$ select ((at at time zone 'UTC') + interval '330 minutes')::date $$;

-- Payments ------------------------------------------------------------------------------------------------------------
-- A timed-out payment, as the Timeouts page counts it: failed by the timeout workflow, or with a reason that says so.
alter table payments add column timed_out boolean not null
  generated always as (status = 'failed' and (auto_failed or coalesce(failure_reason ilike '%timed out%', false))) stored;
drop index payments_status_created;
create index payments_status_created on payments (status, created_at desc, payment_id desc);
create index payments_type_created on payments (payment_type, created_at desc, payment_id desc);
create index payments_timed_out_created on payments (created_at desc, payment_id desc) where timed_out;
create index payments_timed_out_processed on payments (processed_at desc, payment_id desc) where timed_out;
create index payments_search_id on payments using gin (payment_id gin_trgm_ops);
create index payments_search_order on payments using gin (order_id gin_trgm_ops);
create index payments_search_member on payments using gin ((member_id::text) gin_trgm_ops);

-- What each subscription has been paid (successful subscription payments, less refunds): the subscription stats'
-- revenue, kept on the row by the payments trigger below.
alter table subscriptions add column paid_paise bigint not null default 0;
update subscriptions s set paid_paise = p.paid
  from (select order_id, sum(amount_paise - refunded_paise) as paid from payments
        where payment_type = 'subscription' and status = 'success' group by order_id) p
  where p.order_id = s.subscription_id;
drop index subscriptions_status;
create index subscriptions_status on subscriptions (status, created_at desc, subscription_id desc);

drop index product_orders_status;
create index product_orders_status on product_orders (status, created_at desc, order_id desc);

-- Users ---------------------------------------------------------------------------------------------------------------
create unique index users_member_number on users (member_number);
drop index users_created;
create index users_created on users (created_at desc nulls last, member_number);
create index users_dob_asc on users (dob asc nulls last, member_number);
create index users_dob_desc on users (dob desc nulls last, member_number);
create index users_search_name on users using gin ((firstname || ' ' || lastname) gin_trgm_ops);
create index users_search_email on users using gin (email gin_trgm_ops);

-- The aggregates ------------------------------------------------------------------------------------------------------
-- Rows whose counts fall to zero are kept (they add nothing to a sum); a rebuild empties these tables.
create table payment_day_stats (
  day date not null,
  payment_type text not null,
  status text not null,
  timed_out boolean not null,
  payments bigint not null,
  amount_paise bigint not null,
  net_paise bigint not null,
  primary key (day, payment_type, status, timed_out)
);
create table product_order_day_stats (
  day date not null,
  status text not null,
  orders bigint not null,
  amount_paise bigint not null,
  primary key (day, status)
);
create table subscription_day_stats (
  day date not null,
  status text not null,
  started boolean not null,
  subscriptions bigint not null,
  paid_paise bigint not null,
  primary key (day, status, started)
);
-- How many users carry each chip (and, as kind 'all', how many users there are), per profession and persona ('' for
-- none yet): the Users page's chip counts and totals for every filter but free text.
create table user_facets (
  profession text not null,
  persona text not null,
  kind text not null check (kind in ('all', 'pincode', 'need', 'greed')),
  value text not null,
  members bigint not null,
  primary key (kind, profession, persona, value)
);

-- Each aggregate's definition, read by the one trigger function that keeps them all and by the backfill below.
-- keys and measures are ';'-separated column names; their expressions are over the changed rows (c) and the joins.
create table aggregate_definitions (
  target text not null,
  source text not null,
  joins text not null,
  keys text not null,
  key_exprs text not null,
  measures text not null,
  measure_exprs text not null,
  -- Whether filling the aggregate from scratch reads this source (a user's list items are read with the user).
  fills boolean not null,
  primary key (target, source)
);
insert into aggregate_definitions values
  ('payment_day_stats', 'payments', '', 'day;payment_type;status;timed_out', 'indian_day(c.created_at);c.payment_type;c.status;c.timed_out',
   'payments;amount_paise;net_paise', '1;c.amount_paise;c.amount_paise - c.refunded_paise', true),
  ('product_order_day_stats', 'product_orders', '', 'day;status', 'indian_day(c.created_at);c.status',
   'orders;amount_paise', '1;c.amount_paise', true),
  ('subscription_day_stats', 'subscriptions', '', 'day;status;started', 'indian_day(c.created_at);c.status;c.start_date is not null',
   'subscriptions;paid_paise', '1;c.paid_paise', true),
  -- A user counts once in 'all', once for their pincode, and once for each item of their lists.
  ('user_facets', 'users',
   $j$cross join lateral (select 'all', '' union all select 'pincode', c.pincode where c.pincode is not null
      union all select i.list, i.item from user_list_items i where i.member_id = c.member_id) f(kind, value)$j$,
   'profession;persona;kind;value', 'coalesce(c.profession, '''');coalesce(c.persona, '''');f.kind;f.value', 'members', '1', true),
  -- A list item counts only once its member is a user (the chips count users).
  ('user_facets', 'user_list_items', 'join users u on u.member_id = c.member_id',
   'profession;persona;kind;value', 'coalesce(u.profession, '''');coalesce(u.persona, '''');c.list;c.item', 'members', '1', false);

-- The changed rows of a statement trigger's transition tables, each with its sign: +1 added, -1 taken away.
create function changed_rows(op text) returns text language sql immutable as $$
  select case op
    when 'INSERT' then 'select *, 1 as sign from new_rows'
    when 'DELETE' then 'select *, -1 as sign from old_rows'
    else 'select *, 1 as sign from new_rows union all select *, -1 as sign from old_rows' end
$$;

-- The statement adding signed rows to an aggregate: one upsert per key that changed; keys whose sums are all zero
-- (an update that moved nothing the aggregate counts) are not written, so they take no lock.
create function aggregate_sql(d aggregate_definitions, rows_sql text) returns text language plpgsql stable as $$
declare
  keys text := array_to_string(string_to_array(d.keys, ';'), ', ');
  key_exprs text := array_to_string(string_to_array(d.key_exprs, ';'), ', ');
  sums text[] := array(select format('sum(c.sign * (%s))', e) from unnest(string_to_array(d.measure_exprs, ';')) e);
  measures text[] := string_to_array(d.measures, ';');
begin
  return format(
    'insert into %I as a (%s, %s) select %s, %s from (%s) c %s group by %s having %s on conflict (%s) do update set %s',
    d.target, keys, array_to_string(measures, ', '), key_exprs, array_to_string(sums, ', '), rows_sql, d.joins, key_exprs,
    array_to_string(array(select s || ' <> 0' from unnest(sums) s), ' or '), keys,
    array_to_string(array(select format('%1$I = a.%1$I + excluded.%1$I', m) from unnest(measures) m), ', '));
end $$;

create function keep_aggregates() returns trigger language plpgsql as $$
declare
  d aggregate_definitions;
begin
  for d in select * from aggregate_definitions where source = tg_table_name loop
    execute aggregate_sql(d, changed_rows(tg_op));
  end loop;
  return null;
end $$;

-- A subscription's payments move its paid_paise (and through it the subscription aggregate).
create function keep_subscriptions_paid() returns trigger language plpgsql as $$
begin
  execute format($q$update subscriptions s set paid_paise = s.paid_paise + d.paid
    from (select order_id, sum(sign * (amount_paise - refunded_paise)) as paid from (%s) c
          where payment_type = 'subscription' and status = 'success' group by order_id) d
    where s.subscription_id = d.order_id and d.paid <> 0$q$, changed_rows(tg_op));
  return null;
end $$;

-- A subscription recorded after its payments (two streams of one source) starts with what they paid.
create function subscription_paid_so_far() returns trigger language plpgsql as $$
begin
  new.paid_paise := coalesce((select sum(amount_paise - refunded_paise) from payments
    where order_id = new.subscription_id and payment_type = 'subscription' and status = 'success'), 0);
  return new;
end $$;
create trigger subscriptions_paid_so_far before insert on subscriptions for each row execute function subscription_paid_so_far();

do $$
declare
  d aggregate_definitions;
  t text;
begin
  for d in select * from aggregate_definitions where fills loop
    execute aggregate_sql(d, format('select *, 1 as sign from %I', d.source));
  end loop;
  foreach t in array array['payments', 'product_orders', 'subscriptions', 'users', 'user_list_items'] loop
    execute format('create trigger %1$s_aggregates_insert after insert on %1$I referencing new table as new_rows
      for each statement execute function keep_aggregates()', t);
    execute format('create trigger %1$s_aggregates_update after update on %1$I referencing old table as old_rows new table as new_rows
      for each statement execute function keep_aggregates()', t);
    execute format('create trigger %1$s_aggregates_delete after delete on %1$I referencing old table as old_rows
      for each statement execute function keep_aggregates()', t);
  end loop;
  execute 'create trigger payments_paid_insert after insert on payments referencing new table as new_rows
    for each statement execute function keep_subscriptions_paid()';
  execute 'create trigger payments_paid_update after update on payments referencing old table as old_rows new table as new_rows
    for each statement execute function keep_subscriptions_paid()';
  execute 'create trigger payments_paid_delete after delete on payments referencing old table as old_rows
    for each statement execute function keep_subscriptions_paid()';
end $$;
