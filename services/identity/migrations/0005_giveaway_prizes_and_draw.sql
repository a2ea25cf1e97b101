-- The giveaway run to its end (docs/decisions/0019): the twelve prizes operators set, the one draw and its winners.
-- A product prize keeps the product's name and image as they were when it was set: the prize announced is the prize
-- given, whatever the catalogue does later.
create table giveaway_prizes (
  slot integer primary key check (slot between 1 and 12),
  product_id text,
  name text not null,
  description text not null,
  image_url text,
  set_at timestamptz not null,
  set_by uuid not null
);

-- At most one draw, ever: the row's key can only be 1.
create table giveaway_draw (
  id integer primary key default 1 check (id = 1),
  seed text not null,
  method text not null,
  entrant_count integer not null,
  entrants_digest text not null,
  drawn_at timestamptz not null,
  drawn_by uuid not null
);

-- One winner per prize, no member twice.
create table giveaway_winners (
  slot integer primary key references giveaway_prizes (slot),
  member_id uuid not null unique
);

-- The entries list and the draw read entries in the draw's documented order (when entered, then member id).
create index giveaway_entries_in_order on giveaway_entries (entered_at, member_id);
