-- A member's drop alerts (issue 37, docs/decisions/0088): their choices, one row per member who has chosen (no row:
-- the defaults), with the random key their one-tap unsubscribe links carry; the in-app inbox, one message per member
-- and moment (the dedupe key); and the mail outbox's headers (List-Unsubscribe) and the time a message may go
-- (quiet hours: it waits, it is not dropped).
create table alert_preferences (
  member_id uuid primary key,
  need_list boolean not null,
  greed_list boolean not null,
  email boolean not null,
  inbox boolean not null,
  quiet_from text not null,
  quiet_until text not null,
  wake_at_opening boolean not null,
  muted_items text[] not null default '{}',
  unsubscribe_key text not null,
  updated_at timestamptz not null
);

create table alert_inbox (
  id uuid primary key,
  member_id uuid not null,
  dedupe_key text not null unique,
  title text not null,
  body text not null,
  link text not null,
  created_at timestamptz not null,
  read_at timestamptz
);
create index alert_inbox_member on alert_inbox (member_id, created_at desc);

alter table mail_outbox add column headers jsonb;
alter table mail_outbox add column send_after timestamptz;

-- Each promotional message of a drop a member was sent, one per moment: the cap of two per drop counts these, and
-- the key makes a message made twice (a restart mid-send) one.
create table alert_sends (
  member_id uuid not null,
  drop_id text not null,
  moment text not null,
  sent_at timestamptz not null,
  primary key (member_id, drop_id, moment)
);
