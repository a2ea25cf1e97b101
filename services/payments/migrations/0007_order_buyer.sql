-- The business a product order's tax invoice names, when the member gives it on the order before it ships
-- (issue 38 item 3): {"gstin": "...", "legalName": "..."}; null names the member's profile GSTIN, if any.
alter table product_orders add column buyer jsonb;
