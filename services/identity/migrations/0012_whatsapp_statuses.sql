-- WhatsApp's delivery statuses (issue 37, docs/decisions/0168): what Meta's status webhook said of each message it took,
-- one row per message and status (sent, delivered, read, failed), so a webhook delivered again, or out of order,
-- records nothing more. Keyed by Meta's message id (wamid), which a status may carry before the outbox row has it
-- (the webhook can arrive before the send's answer is stored).
create table whatsapp_statuses (
  provider_message_id text not null,
  status text not null check (status in ('sent', 'delivered', 'read', 'failed')),
  -- When Meta says it happened (its timestamp), and its error for a failure.
  at timestamptz not null,
  error text,
  received_at timestamptz not null,
  primary key (provider_message_id, status)
);

create index whatsapp_outbox_provider_message on whatsapp_outbox (provider_message_id) where provider_message_id is not null;
