-- Steps retry until they succeed or a person decides (docs/decisions/0034). A step an operator gave up is
-- 'abandoned'; 'failed' no longer ends a one-off step (it was written after 8 attempts, and those rows are listed as
-- failing so an operator can decide about them).
alter table scheduled_jobs drop constraint scheduled_jobs_status_check;
alter table scheduled_jobs add constraint scheduled_jobs_status_check
  check (status in ('pending', 'running', 'done', 'failed', 'cancelled', 'abandoned'));
-- The Cron page's failing steps: the few unfinished rows with many attempts, among many pending ones.
create index scheduled_jobs_attempts on scheduled_jobs (attempts) where status in ('pending', 'running', 'failed');

-- The recurring jobs (the reconciliation) as operators control and watch them, shared by every instance: a stop is
-- stored here, so it holds after a restart and on every instance, which read it before each run; the counts and
-- the last run cover scheduled runs and manual triggers, on either driver.
create table recurring_jobs (
  type text primary key,
  paused boolean not null default false,
  changed_by text,
  changed_at timestamptz,
  success_count integer not null default 0,
  error_count integer not null default 0,
  last_run_at timestamptz
);

-- Temporal keeps retrying a failing step's activity itself; the payments service, which runs the step, notes here
-- each one past the failing threshold (from the attempt number the activity sends), so the Cron page can list it.
-- `step_id` is the activity's workflow id, run id and activity id. A step that succeeds is removed.
create table failing_workflow_steps (
  step_id text primary key,
  type text not null,
  workflow_id text not null,
  run_id text not null,
  activity_id text not null,
  payload jsonb not null default '{}'::jsonb,
  attempts integer not null,
  last_error text,
  next_attempt_at timestamptz,
  given_up_by text,
  updated_at timestamptz not null default now()
);
