-- Durable timers for the embedded workflow driver: one row per pending step, claimed with SKIP LOCKED so that
-- several instances of a service run each step once. A step survives a crash: its row stays until it is done.
create table scheduled_jobs (
  type text not null,
  key text not null,
  due_at timestamptz not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed', 'cancelled')),
  attempts integer not null default 0,
  last_error text,
  claimed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (type, key)
);
create index scheduled_jobs_due on scheduled_jobs (due_at) where status = 'pending';
