-- A refund's outcome as payments settled it (OrderRefundSettled, docs/decisions/0025's amendment): an out-of-stock
-- refund the gateway failed shows as failed to operators; null while none was heard (or for credits, which settle
-- at once).
alter table order_refunds add column refund_outcome text;
