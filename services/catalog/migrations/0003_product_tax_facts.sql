-- A product's GST tax facts (issue 38): its HSN code and the rate of the catalog's rate table it was saved with.
-- Products saved before carry none until an operator saves them again.
alter table products add column hsn_code text;
alter table products add column gst_rate_percent numeric(5, 2);
