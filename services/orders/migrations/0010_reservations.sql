-- A drop's reservation (issue 33, docs/decisions/0076): until when a reserved order may start paying. Null for
-- orders placed before reservations, which opened their payment at once.
alter table orders add column reserved_until timestamptz;
