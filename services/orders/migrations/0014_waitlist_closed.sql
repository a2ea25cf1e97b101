-- A place still waiting when the product's sale ended is closed (issue 33 item 3, docs/decisions/0076): the member
-- is told, and may join again when the product is on sale again.
alter table waitlist drop constraint waitlist_state_check;
alter table waitlist add constraint waitlist_state_check
  check (state in ('waiting', 'offering', 'offered', 'left', 'passed', 'closed'));
