-- The last saved form of each product, from catalog's events: what an admin's product update is audited against.
create table catalog_products (
  product_id text primary key,
  product jsonb not null
);
