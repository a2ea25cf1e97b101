import { createHash } from 'node:crypto';
import { indianDate, indianWallClock, type WaitingRoomView } from '@elts/contracts';
import { type Clock, conflict, type Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { OrdersSettings } from '../settings.js';
import type { OrdersDb } from '../store/tables.js';
import {
  drawRoom,
  entrantIds,
  findRoom,
  isEntrant,
  joinRoom,
  latestDrawnRoom,
  openRoom,
  type RoomKey,
  type RoomRow,
} from '../store/waiting-rooms.js';
import { admittedAt, afterEntrantsAt, type Draw, drawOrder, newSeed, roomOpensAt, seedDigest } from './draw.js';

/** The drop the room is for, as the catalog answers it (`nextDrop`), with what its products have left. */
export interface DropFacts {
  id: string;
  label: string;
  opensAt: string;
  closesAt: string;
  unitsLeft: number;
}

/**
 * How long the drop's units left are kept before the catalog is asked again: one read per instance however many
 * members wait, and asks held for a change (`watch`) look again this often: a member hears "Sold out" within it.
 */
export const DROP_FACTS_MS = 250;
/** How long "not in the room" is believed before the database is asked again (`hasJoined`). */
const NOT_JOINED_MS = 1000;
/**
 * A room is opened only before its drop does, so past the opening its absence is final: but an instance that opened
 * it a moment before the opening may still be committing it. Absence is trusted only this long after the opening.
 */
const ABSENCE_FINAL_MS = 5000;

/** A room whose entrants are drawn: fixed from then on, so every instance keeps it in memory. */
interface DrawnRoom extends RoomKey {
  seed: string;
  seedSha256: string;
  admittedPerSecond: number;
  draw: Draw;
}

export interface WaitingRoomDeps {
  db: Kysely<OrdersDb>;
  clock: Clock;
  settings: Pick<OrdersSettings, 'WAITING_ROOM_MINUTES' | 'ADMITTED_PER_SECOND'>;
  logger: Logger;
  /** The catalog's `nextDrop`. */
  nextDrop(): Promise<DropFacts | null>;
}

const keyText = (key: RoomKey) => `${key.dropId}@${key.opensAt.toISOString()}`;

type ViewWithoutVersion = Omit<WaitingRoomView, 'version'>;

/**
 * What a waiting member acts on, named: their room's state, place and turn, and sold out. The units left are not in
 * it: they move with every reservation, and a member held for a change would be woken by each.
 */
function versioned(view: ViewWithoutVersion): WaitingRoomView {
  const acted = [view.drop_id, view.opens_at, view.state, view.seed_sha256, view.joined, view.position, view.entrants];
  const text = JSON.stringify([...acted, view.admitted_at, view.admitted, view.sold_out]);
  return { ...view, version: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}
const clockTime = (at: Date) => indianWallClock(at).slice(11, 19);

/**
 * A drop's waiting room (issue 33 item 2, docs/decisions/0153): members join in the WAITING_ROOM_MINUTES before the
 * opening; at the opening they are drawn in the order of HMAC-SHA256(seed, member id) and let through
 * ADMITTED_PER_SECOND a second. Admission is a time fixed by the draw, so nothing runs to let anyone in.
 */
export class WaitingRoom {
  private facts: { at: number; value: Promise<DropFacts | null> } | undefined;
  private readonly seeds = new Map<string, RoomRow>();
  private readonly drawn = new Map<string, Promise<DrawnRoom | null>>();
  /** Members known to have joined a room (`key|member`): once in, always in, so their every poll skips the database. */
  private readonly joined = new Set<string>();
  /**
   * When a member was last found not in a room (`key|member`): believed NOT_JOINED_MS, so a held ask of a member who
   * has not joined looks at memory, not the database, every DROP_FACTS_MS. A join on another instance shows within it.
   */
  private readonly notJoinedAt = new Map<string, number>();
  /** Asks held for a change (`watch`), woken together every DROP_FACTS_MS to look at their room again. */
  private sleepers: Array<() => void> = [];
  private tick: NodeJS.Timeout | undefined;

  constructor(private readonly deps: WaitingRoomDeps) {}

  /** The drop open now or opening next, kept DROP_FACTS_MS. */
  private dropFacts(): Promise<DropFacts | null> {
    const now = Date.now();
    if (!this.facts || now - this.facts.at >= DROP_FACTS_MS) {
      const value = this.deps.nextDrop();
      this.facts = { at: now, value };
      // A failed read is not kept: the next caller asks again.
      value.catch(() => {
        if (this.facts?.value === value) this.facts = undefined;
      });
    }
    return this.facts.value;
  }

  /** The room's seed, opening the room when it is time and no one has: from WAITING_ROOM_MINUTES before the drop. */
  private async seeded(key: RoomKey): Promise<RoomRow | undefined> {
    const known = this.seeds.get(keyText(key));
    if (known) return known;
    const now = this.deps.clock.now();
    // No room exists before its time: the board's reads of a drop days away cost nothing.
    if (now < roomOpensAt(key.opensAt, this.deps.settings.WAITING_ROOM_MINUTES)) return undefined;
    let room = await findRoom(this.deps.db, key);
    if (!room && now < key.opensAt) {
      const seed = newSeed();
      room = await openRoom(this.deps.db, key, { seed, seedSha256: seedDigest(seed) }, now);
    }
    if (room) this.seeds.set(keyText(key), room);
    return room;
  }

  /**
   * The drawn room, drawing it if this is the first ask after the opening; null when no one opened a room for the
   * drop before it opened (everyone is then first come, first served).
   */
  private drawnRoom(key: RoomKey): Promise<DrawnRoom | null> {
    const text = keyText(key);
    const known = this.drawn.get(text);
    if (known) return known;
    const pending = this.draw(key);
    this.drawn.set(text, pending);
    pending.then(
      (room) => {
        const final = room !== null || this.deps.clock.now().getTime() >= key.opensAt.getTime() + ABSENCE_FINAL_MS;
        if (!final && this.drawn.get(text) === pending) this.drawn.delete(text);
      },
      () => {
        if (this.drawn.get(text) === pending) this.drawn.delete(text);
      },
    );
    return pending;
  }

  private async draw(key: RoomKey): Promise<DrawnRoom | null> {
    const { db, clock, settings } = this.deps;
    // Never before the opening: a room drawn early would close its list on members still joining.
    if (clock.now() < key.opensAt) return null;
    const room = await findRoom(db, key);
    if (!room) return null;
    const started = Date.now();
    const drawn = room.drawnAt ? room : await drawRoom(db, key, settings.ADMITTED_PER_SECOND, clock.now());
    const members = await entrantIds(db, key);
    const draw = drawOrder(drawn.seed, members);
    this.deps.logger.info({ dropId: key.dropId, entrants: members.length, ms: Date.now() - started }, 'waiting room drawn');
    return {
      ...key,
      seed: drawn.seed,
      seedSha256: drawn.seedSha256,
      admittedPerSecond: drawn.admittedPerSecond ?? settings.ADMITTED_PER_SECOND,
      draw,
    };
  }

  /** The member's turn in a drawn room: entrants by their place, everyone else after the last entrant. */
  private turnOf(room: DrawnRoom, memberId: string) {
    const place = room.draw.places.get(memberId);
    const at =
      place === undefined
        ? afterEntrantsAt(room.opensAt, room.draw.digests.length, room.admittedPerSecond)
        : admittedAt(room.opensAt, place, room.admittedPerSecond);
    return { place, at };
  }

  /**
   * The member's room once it differs from the `seen` version, or after `waitMs`, whichever comes first: a long poll.
   * Held asks look again together every DROP_FACTS_MS, the time the drop's facts are kept, so 2,000 members waiting
   * cost one catalog read and 2,000 views in memory each time, and hear "Sold out" or their turn within it, where
   * asking every 750 ms cost the gateway 2,700 requests a second at the opening.
   */
  async watch(memberId: string, seen: string | undefined, waitMs: number, gone?: AbortSignal): Promise<WaitingRoomView | null> {
    const until = Date.now() + waitMs;
    for (;;) {
      const view = await this.view(memberId);
      if (!view || view.version !== seen || Date.now() >= until || gone?.aborted) return view;
      await new Promise<void>((wake) => {
        this.sleepers.push(wake);
        this.tick ??= setTimeout(() => {
          this.tick = undefined;
          const woken = this.sleepers;
          this.sleepers = [];
          for (const sleeper of woken) sleeper();
        }, DROP_FACTS_MS);
      });
    }
  }

  /** What the member's waiting room shows now; null when no drop is coming. */
  async view(memberId: string): Promise<WaitingRoomView | null> {
    const drop = await this.dropFacts();
    if (!drop) return null;
    const now = this.deps.clock.now();
    const key = { dropId: drop.id, opensAt: new Date(drop.opensAt) };
    const opened = now >= key.opensAt;
    const base = {
      drop_id: drop.id,
      label: drop.label,
      opens_at: drop.opensAt,
      closes_at: drop.closesAt,
      room_opens_at: roomOpensAt(key.opensAt, this.deps.settings.WAITING_ROOM_MINUTES).toISOString(),
      units_left: drop.unitsLeft,
      sold_out: opened && drop.unitsLeft <= 0,
      member_id: memberId,
      now: now.toISOString(),
    };
    if (opened) {
      const room = await this.drawnRoom(key);
      const turn = room ? this.turnOf(room, memberId) : { place: undefined, at: key.opensAt };
      return versioned({
        ...base,
        state: 'drawn',
        seed_sha256: room?.seedSha256 ?? null,
        joined: turn.place !== undefined,
        position: turn.place === undefined ? null : turn.place + 1,
        entrants: room ? room.draw.digests.length : 0,
        admitted_at: turn.at.toISOString(),
        admitted: now >= turn.at,
      });
    }
    const room = await this.seeded(key);
    return versioned({
      ...base,
      state: room ? 'open' : 'upcoming',
      seed_sha256: room?.seedSha256 ?? null,
      joined: room ? await this.hasJoined(key, memberId) : false,
      position: null,
      entrants: null,
      admitted_at: null,
      admitted: false,
    });
  }

  private async hasJoined(key: RoomKey, memberId: string): Promise<boolean> {
    const text = `${keyText(key)}|${memberId}`;
    if (this.joined.has(text)) return true;
    if (Date.now() - (this.notJoinedAt.get(text) ?? Number.NEGATIVE_INFINITY) < NOT_JOINED_MS) return false;
    const found = await isEntrant(this.deps.db, key, memberId);
    if (found) {
      this.joined.add(text);
      this.notJoinedAt.delete(text);
    } else this.notJoinedAt.set(text, Date.now());
    return found;
  }

  /** Puts the member in the coming drop's room; refused before the room opens and once the drop has. */
  async join(memberId: string): Promise<WaitingRoomView> {
    const drop = await this.dropFacts();
    if (!drop) throw conflict('There is no deal drop coming to wait for.');
    const key = { dropId: drop.id, opensAt: new Date(drop.opensAt) };
    const now = this.deps.clock.now();
    const opens = roomOpensAt(key.opensAt, this.deps.settings.WAITING_ROOM_MINUTES);
    if (now < opens) throw conflict(`The waiting room opens at ${clockTime(opens)} on ${indianDate(opens)}, India time.`);
    const room = now < key.opensAt ? await this.seeded(key) : undefined;
    if (!room || !(await joinRoom(this.deps.db, key, memberId, now)))
      throw conflict('The drop has opened and its waiting room is closed. Members who waited go first, then first come, first served.');
    this.joined.add(`${keyText(key)}|${memberId}`);
    this.notJoinedAt.delete(`${keyText(key)}|${memberId}`);
    return (await this.view(memberId)) as WaitingRoomView;
  }

  /**
   * The decision's admission check (place-order.ts): a member whose turn has not come is refused with their place.
   * A product outside any drop (a window of its own), and a drop whose room no one opened, admit everyone.
   */
  async admit(memberId: string, product: { dropId: string | null; saleStartAt: string | null }): Promise<void> {
    if (!product.dropId || !product.saleStartAt) return;
    const room = await this.drawnRoom({ dropId: product.dropId, opensAt: new Date(product.saleStartAt) });
    if (!room) return;
    const turn = this.turnOf(room, memberId);
    if (this.deps.clock.now() >= turn.at) return;
    const when = `${clockTime(turn.at)}, India time`;
    throw conflict(
      turn.place === undefined
        ? `Members who were in the waiting room go first. You can buy from ${when}.`
        : `You are number ${(turn.place + 1).toLocaleString('en-IN')} in the waiting room. Your turn to buy comes at ${when}.`,
    );
  }

  /** The published draw of a drop: its seed and every entrant's digest in place order, once drawn. */
  async published(dropId: string) {
    const stored = await latestDrawnRoom(this.deps.db, dropId);
    if (!stored) return undefined;
    const room = await this.drawnRoom(stored);
    if (!room) return undefined;
    return {
      drop_id: room.dropId,
      opens_at: room.opensAt.toISOString(),
      seed: room.seed,
      seed_sha256: room.seedSha256,
      admitted_per_second: room.admittedPerSecond,
      entrants: room.draw.digests.length,
      digests: room.draw.digests,
    };
  }
}
