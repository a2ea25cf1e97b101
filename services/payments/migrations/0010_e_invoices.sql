-- E-invoicing (issue 38 item 6, docs/decisions/0162): each B2B product invoice to register with the Invoice
-- Registration Portal, queued in the transaction that issues the invoice, and what the IRP answered.
create table e_invoices (
  order_id text primary key,
  invoice_number text not null unique,
  -- 'pending' until the IRP gives the IRN; then 'registered', and never sent again.
  status text not null default 'pending' check (status in ('pending', 'registered')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A registration under way holds its row until then; past it, another instance may take it.
  claimed_until timestamptz,
  last_error text,
  irn text unique,
  ack_no text,
  -- The IRP's acknowledgement time as it wrote it (India time, 'yyyy-MM-dd HH:mm:ss').
  ack_date text,
  signed_qr_code text,
  signed_invoice text,
  -- The IRP said the document was registered before: the IRN and acknowledgement are that first registration's.
  duplicate boolean not null default false,
  created_at timestamptz not null default now(),
  registered_at timestamptz
);
create index e_invoices_due on e_invoices (next_attempt_at) where status = 'pending';
