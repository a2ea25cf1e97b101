-- Out-of-stock cancellations (docs/decisions/0024) on the Orders page: a paid order an operator cancelled shows
-- where its refund stands (awaiting the member's choice, refunding, refunded), the choice, and its deadline.
alter table product_orders
  add column refund_state text,
  add column refund_choice text,
  add column refund_choice_by timestamptz;
