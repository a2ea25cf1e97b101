-- Messages from the public contact form, projected from identity's ContactMessageReceived events.
create table contact_messages (
  message_id uuid primary key,
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  option text not null,
  message text not null,
  received_at timestamptz not null
);
create index contact_messages_received_at on contact_messages (received_at desc, message_id desc);
