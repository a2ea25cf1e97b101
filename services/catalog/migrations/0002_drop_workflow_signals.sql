-- This service sends no workflow signals (only payments does, through its signal outbox), yet the shared workflow
-- migrations created the outbox's table here too, where it stayed empty. The table now comes only to payments
-- (workflows/migrations/signal-outbox); this drops the empty copy from schemas that got it.
drop table if exists workflow_signals;
