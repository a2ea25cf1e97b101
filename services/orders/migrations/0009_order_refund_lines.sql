-- Every refund of an order, whatever caused it (issue 32): an out-of-stock cancellation, an exchange with no
-- replacement, a payment that came after its order failed; later, an operator's retry of one the gateway failed.
-- The member's pages and the order history show them; `kind` is null while only a settlement has been heard (it may
-- be recorded before the refund itself).
create table order_refund_lines (
  refund_id text primary key,
  order_id text not null,
  kind text,
  method text,
  amount_paise bigint,
  reason text,
  -- refunding, refunded, refund_failed
  state text not null,
  -- A failed refund made good: how (fund_transfer sent again, or credits), once chosen; and on the new refund, the
  -- failed one it makes good.
  retry text,
  retry_of text,
  asked_at timestamptz,
  settled_at timestamptz
);
create index order_refund_lines_by_order on order_refund_lines (order_id, asked_at);

-- The refunds recorded before this table, from the projections that kept them.
insert into order_refund_lines (refund_id, order_id, kind, method, amount_paise, reason, state, asked_at, settled_at)
select refund_id, order_id, 'out_of_stock', coalesce(choice, 'fund_transfer'),
  amount_paise, reason,
  case refund_outcome when 'failed' then 'refund_failed' when 'success' then 'refunded' else 'refunding' end,
  refunded_at, case when refund_outcome is null then null else refunded_at end
from order_refunds where refund_id is not null
on conflict (refund_id) do nothing;
insert into order_refund_lines (refund_id, order_id, kind, method, amount_paise, reason, state, asked_at, settled_at)
select refund_id, order_id, 'exchange', 'fund_transfer', refund_paise, 'No replacement in stock for exchange ' || exchange_id,
  case state when 'refund_failed' then 'refund_failed' when 'refunding' then 'refunding' else 'refunded' end,
  decided_at, case when state = 'refunding' then null else decided_at end
from order_exchanges where refund_id is not null
on conflict (refund_id) do nothing;
