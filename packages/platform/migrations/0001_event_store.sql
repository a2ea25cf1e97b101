-- The service's event streams. The table is also the outbox: relays and the in-process bus read it past a position.
create table events (
  position bigint generated always as identity primary key,
  event_id uuid not null unique,
  stream_id text not null,
  stream_version integer not null check (stream_version > 0),
  type text not null,
  schema_version integer not null check (schema_version > 0),
  data jsonb not null,
  metadata jsonb not null default '{}'::jsonb,
  recorded_at timestamptz not null default now(),
  constraint events_stream_version_unique unique (stream_id, stream_version)
);

-- How far each relay has published this service's events.
-- Among several instances of the service, the one holding the lease publishes.
create table relay_checkpoints (
  name text primary key,
  position bigint not null default 0,
  leader text,
  lease_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Events a consumer of this service has applied, written in the same transaction as the consumer's own changes,
-- so an event delivered twice changes nothing the second time.
create table processed_events (
  consumer text not null,
  event_id uuid not null,
  processed_at timestamptz not null default now(),
  primary key (consumer, event_id)
);
