-- Out-of-stock cancellations (docs/decisions/0024), projected from the order's stream: when an operator cancelled a
-- paid order, by when its member may choose how the money comes back, what was chosen and by whom, and the refund.
create table order_refunds (
  order_id text primary key,
  member_id text not null,
  amount_paise bigint not null,
  credit_paise bigint not null,
  reason text not null,
  cancelled_at timestamptz not null,
  cancelled_by text,
  choice_by timestamptz not null,
  choice text,
  chosen_by text,
  refund_id text,
  refunded_at timestamptz
);
