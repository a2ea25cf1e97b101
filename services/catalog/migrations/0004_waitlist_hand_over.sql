-- A unit handed straight from a released order's hold to a waitlisted member's (issue 33 item 3, docs/decisions/0076):
-- the giver's hold shrinks by the unit and the taker's is made in the same transaction, so the stock row's `held`
-- never moves and no other buyer can take the unit in between. A hold whose last unit was handed over is 'handed'.
alter table stock_holds drop constraint stock_holds_quantity_check;
alter table stock_holds add constraint stock_holds_quantity_check check (quantity >= 0);
alter table stock_holds drop constraint stock_holds_state_check;
alter table stock_holds add constraint stock_holds_state_check
  check (state in ('held', 'released', 'committed', 'expired', 'refused', 'handed'));
alter table stock_movements drop constraint stock_movements_kind_check;
alter table stock_movements add constraint stock_movements_kind_check
  check (kind in ('restock', 'hold', 'release', 'commit', 'expire', 'adjust', 'hand_over'));
