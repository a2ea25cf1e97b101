-- A sold-out product's waitlist (issue 33 item 3, docs/decisions/0076). One place per member and product, kept in
-- the order of joining; the member's order details (contact, delivery address) are kept with it, so a unit that
-- comes back becomes their reservation without asking them again.
--   waiting:  in the queue.
--   offering: chosen for a unit (`handed_from` names the released order and the unit), the hand-over under way.
--   offered:  the unit became their reservation, `order_id`.
--   left:     the member left the list; passed: they could no longer buy it when their turn came.
create table waitlist (
  product_id text not null,
  member_id text not null,
  joined_at timestamptz not null,
  state text not null check (state in ('waiting', 'offering', 'offered', 'left', 'passed')),
  request jsonb not null,
  order_id text,
  handed_from text,
  updated_at timestamptz not null,
  primary key (product_id, member_id)
);
create index waitlist_queue on waitlist (product_id, joined_at, member_id) where state = 'waiting';
-- One member per released unit, however often its hand-over runs.
create unique index waitlist_handed_from on waitlist (handed_from) where handed_from is not null;
