-- More of decision 0042, from the benchmark at 100,000 members: the product-order and subscription searches through
-- trigram indexes, and every sortable column of the Users page in both directions (members without the value last,
-- ties by member number, as the query orders them), so no sort reads every user.
create index product_orders_search_id on product_orders using gin (order_id gin_trgm_ops);
create index product_orders_search_member on product_orders using gin ((member_id::text) gin_trgm_ops);
create index product_orders_search_email on product_orders using gin (customer_email gin_trgm_ops);
create index product_orders_search_name on product_orders using gin (customer_name gin_trgm_ops);
create index product_orders_search_product on product_orders using gin ((product->>'name') gin_trgm_ops);

create index subscriptions_member on subscriptions (member_id);
create index subscriptions_search_id on subscriptions using gin (subscription_id gin_trgm_ops);
create index subscriptions_search_member on subscriptions using gin ((member_id::text) gin_trgm_ops);

do $$
declare
  col text;
begin
  foreach col in array array['firstname', 'lastname', 'email', 'profession', 'persona', 'pincode'] loop
    execute format('create index users_%1$s_asc on users (%1$I asc nulls last, member_number)', col);
    execute format('create index users_%1$s_desc on users (%1$I desc nulls last, member_number)', col);
  end loop;
end $$;
