-- A failed payment the payer called off at checkout (Cashfree's USER_DROPPED, the simulator's Cancel), so the
-- order it was for reads as cancelled rather than failed. Payments failed before this read as not cancelled.
alter table payments add column cancelled boolean not null default false;
