-- A drop's waiting room (issue 33 item 2, docs/decisions/0153). The seed is drawn and stored when the room opens,
-- before the drop does; members may see its SHA-256 at once and the seed itself once the entrants are drawn.
-- A room is one opening of one drop: a drop an operator moves gets a new room at its new opening.
create table waiting_rooms (
  drop_id text not null,
  opens_at timestamptz not null,
  seed text not null,
  seed_sha256 text not null,
  created_at timestamptz not null,
  -- Set once, at or after the opening, under the room's row lock: no one joins after it (see store.ts).
  drawn_at timestamptz,
  -- The admission pace the draw was made with, kept so a later change of the setting does not move anyone's turn.
  admitted_per_second integer,
  primary key (drop_id, opens_at)
);

-- Who joined before the opening. Places are not stored: they are the rank of HMAC-SHA256(seed, member_id), which
-- every instance (and every member, after the draw) computes alike from the seed and this list.
create table waiting_room_entrants (
  drop_id text not null,
  opens_at timestamptz not null,
  member_id text not null,
  joined_at timestamptz not null,
  primary key (drop_id, opens_at, member_id),
  foreign key (drop_id, opens_at) references waiting_rooms (drop_id, opens_at)
);
