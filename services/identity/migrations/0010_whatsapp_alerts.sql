-- WhatsApp Business Cloud API drop alerts (issue 37, docs/decisions/0160): the channel in a member's choices; each
-- opt-in with the number, the words the member agreed to and when (and when they opted out); and the WhatsApp outbox,
-- one row per message, written with the message and delivered after quiet hours, as the push outbox.
alter table alert_preferences add column whatsapp boolean not null default false;

create table whatsapp_opt_ins (
  id uuid primary key,
  member_id uuid not null,
  mobile text not null,
  wording text not null,
  opted_in_at timestamptz not null,
  opted_out_at timestamptz
);
create index whatsapp_opt_ins_member on whatsapp_opt_ins (member_id, opted_in_at desc);

-- The push outbox's columns (its key, its times, its claims), without the device, with the template's category (a drop
-- alert is MARKETING; a renewal or payment notice may only be UTILITY) and Meta's message id.
create table whatsapp_outbox (like push_outbox including defaults including constraints including indexes);
alter table whatsapp_outbox drop column subscription_id;
alter table whatsapp_outbox add column category text not null check (category in ('MARKETING', 'UTILITY'));
alter table whatsapp_outbox add column provider_message_id text;
