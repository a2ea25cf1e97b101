-- The in-process bus reads each service's outbox directly; this is its own bookkeeping.
create table bus_checkpoints (
  group_name text not null,
  source text not null,
  position bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (group_name, source)
);

create table bus_attempts (
  group_name text not null,
  event_id uuid not null,
  attempts integer not null,
  last_error text not null,
  updated_at timestamptz not null default now(),
  primary key (group_name, event_id)
);

create table bus_dead_letters (
  id bigint generated always as identity primary key,
  group_name text not null,
  subject text not null,
  event jsonb not null,
  error text not null,
  attempts integer not null,
  dead_at timestamptz not null default now()
);
create index bus_dead_letters_group on bus_dead_letters (group_name, id);
