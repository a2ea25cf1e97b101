-- Web Push for drop alerts (issue 37, docs/decisions/0160): the channel in a member's choices; each device's push
-- subscription (the push service's endpoint, the browser's P-256 key and auth secret, RFC 8291); the push outbox, one
-- row per message and device, written with the message and delivered after quiet hours; and the application
-- server's VAPID key pair (RFC 8292) made once when none is given in the environment, outside production.
alter table alert_preferences add column push boolean not null default false;

create table push_subscriptions (
  id uuid primary key,
  member_id uuid not null,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null,
  last_sent_at timestamptz
);
create index push_subscriptions_member on push_subscriptions (member_id);

create table push_outbox (
  id uuid primary key,
  dedupe_key text not null unique,
  subscription_id uuid not null references push_subscriptions (id) on delete cascade,
  member_id uuid not null,
  -- What the message says, kept as its parts: at delivery the items muted since are left out, and a message with
  -- none left, or to a member who turned Web Push off, is not sent.
  drop_id text not null,
  moment text not null,
  opens_at timestamptz not null,
  matches jsonb not null,
  send_after timestamptz,
  status text not null,
  attempts integer not null default 0,
  claimed_at timestamptz,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index push_outbox_pending on push_outbox (created_at) where status in ('pending', 'sending');

create table vapid_keys (
  id integer primary key check (id = 1),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null
);
