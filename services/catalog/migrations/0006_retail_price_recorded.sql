-- When the operator recorded each product's retail (Amazon) price (issue 39, decision 0156): a discount or a saving is
-- shown only against a retail price with its date. Products already saved take the time of the last event that set
-- the price they carry (their creation, or the last update that changed it); a product without one keeps null.
alter table products add column amazon_price_recorded_at timestamptz;

update products p
set amazon_price_recorded_at = (
  select max(e.recorded_at)
  from events e
  where e.stream_id = 'product-' || p.id
    and (e.type = 'ProductCreated' or (e.type = 'ProductUpdated' and (e.data -> 'changed') @> '["amazonPricePaise"]'::jsonb))
)
where p.amazon_price_paise is not null;
