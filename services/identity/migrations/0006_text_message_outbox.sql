-- Text messages to members' mobiles (shipping updates, docs/decisions/0023), as the embedded notifications adapter
-- keeps them: what would have been sent, for testers at /dev/sms. The same key twice is one message.
create table text_message_outbox (
  id uuid primary key,
  dedupe_key text not null unique,
  recipient text not null,
  body_text text not null,
  created_at timestamptz not null default now()
);
create index text_message_outbox_created on text_message_outbox (created_at desc);
