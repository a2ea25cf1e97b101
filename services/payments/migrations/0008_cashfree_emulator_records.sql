-- The Cashfree emulator's records when it runs inside payments (the default without Cashfree's credentials, issue 35,
-- docs/decisions/0092): one row, written a few seconds after they change and at stop, read at start, so that a
-- restarted `npm start` finds the orders, mandates and charges "Cashfree" had, as Cashfree itself would.
create table cashfree_emulator_records (
  id smallint primary key check (id = 1),
  records jsonb not null,
  updated_at timestamptz not null
);
