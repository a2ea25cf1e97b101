-- Decision 0043 made "at risk" a reading of a payment's age against the settings, taken when the back office asks.
-- The payment-timeout flow's at-risk step, its event and the flag it set are gone: drop the flag and its time, and
-- the steps of that type still waiting in the embedded timers table (no instance runs them any more; left, they
-- would wait for a handler for ever and be listed as failing on the Cron page).
alter table payments drop column at_risk;
alter table payments drop column at_risk_at;
delete from scheduled_jobs where type = 'payment.at-risk';
delete from failing_workflow_steps where type = 'payment.at-risk';
