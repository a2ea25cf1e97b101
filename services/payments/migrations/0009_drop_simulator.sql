-- The payment simulator is gone (issue 35, docs/decisions/0159): without Cashfree's credentials payments runs the
-- production Cashfree adapter against the Cashfree emulator, whose records are in cashfree_emulator_records
-- (migration 0008). The simulator's tables held only demonstration state ("no real money moves").
drop table if exists sim_payments;
drop table if exists sim_charges;
drop table if exists sim_refunds;
drop table if exists sim_subscriptions;
drop table if exists sim_orders;
drop table if exists sim_secrets;
