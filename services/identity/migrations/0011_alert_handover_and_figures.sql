-- Issue 37, docs/decisions/0164. The push and WhatsApp outboxes also carry the waitlist hand-over ("Reserved for
-- you"): such a row has no drop, its words kept whole in `handover`; a row is one or the other.
do $$
declare outbox text;
begin
  foreach outbox in array array['push_outbox', 'whatsapp_outbox'] loop
    execute format('alter table %I alter column drop_id drop not null, alter column moment drop not null,
      alter column opens_at drop not null, alter column matches drop not null, add column handover jsonb,
      add constraint %I check ((drop_id is null) <> (handover is null))', outbox, outbox || '_drop_or_handover');
  end loop;
end
$$;

-- Operators' per-drop figures (issue 37 item 5): a member following a drop message's link (mail, Web Push), once
-- per message and channel; and each unsubscribe, with the drop whose message it came from when there was one.
create table alert_clicks (
  member_id uuid not null,
  drop_id text not null,
  moment text not null,
  channel text not null,
  clicked_at timestamptz not null,
  primary key (drop_id, moment, member_id, channel)
);

create table alert_unsubscribes (
  id uuid primary key,
  member_id uuid not null,
  drop_id text,
  channel text not null,
  item text,
  at timestamptz not null
);
create index alert_unsubscribes_drop on alert_unsubscribes (drop_id) where drop_id is not null;
create index push_outbox_drop on push_outbox (drop_id) where drop_id is not null;
create index whatsapp_outbox_drop on whatsapp_outbox (drop_id) where drop_id is not null;
create index whatsapp_outbox_sent on whatsapp_outbox (sent_at) where status = 'sent';
