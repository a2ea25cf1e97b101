-- A payment refunded in full is shown as 'refunded', not as a success: it counts neither among the successful payments
-- nor in the revenue. The consumer does so from now on; this moves the payments it had already left as successes
-- (the aggregate and subscription triggers follow the update).
update payments set status = 'refunded' where status = 'success' and refunded_paise > 0 and refunded_paise >= amount_paise;
