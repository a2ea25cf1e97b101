-- The retail price in force when an order was placed (issue 39, decision 0156): one unit's, as the operator recorded
-- it, with its date. An order placed before it keeps null: no saving is shown for it, since the retail price of the
-- day it was placed is not known.
alter table orders add column retail_unit_paise bigint;
alter table orders add column retail_recorded_at timestamptz;
