-- The workflow signal outbox: a command writes the signals its change calls for (a payment started, a cycle began,
-- ...) in the same transaction as the change, and a relay delivers them to the workflow driver afterwards, retrying
-- until the driver takes them. So a signal is never lost to Temporal being unreachable at commit time. A delivered
-- row is deleted; a row still here is a signal not yet delivered (last_error says why).
create table workflow_signals (
  id bigserial primary key,
  -- The workflow it is for (payment-timeout-<payment>, membership-<subscription>): delivered in order per workflow.
  workflow text not null,
  signal jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index workflow_signals_by_workflow on workflow_signals (workflow, id);
