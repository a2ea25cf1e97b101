import { z } from 'zod';

const at = z.string().nullable();

/**
 * A member's view of the coming drop's waiting room (issue 33 item 2, docs/decisions/0153). Times are ISO instants;
 * `now` is the server's, so the shop counts down on the server's clock.
 */
export const waitingRoomSchema = z.object({
  drop_id: z.string(),
  label: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  /** WAITING_ROOM_MINUTES before the opening. */
  room_opens_at: z.string(),
  /** upcoming: the room is not open yet; open: members may join; drawn: the drop has opened and places are fixed. */
  state: z.enum(['upcoming', 'open', 'drawn']),
  /** SHA-256 of the seed, hex: shown from the room's opening, before the seed itself is published. */
  seed_sha256: at,
  joined: z.boolean(),
  /** The member's place from 1, once drawn; null for a member who did not join before the opening. */
  position: z.number().int().nullable(),
  entrants: z.number().int().nullable(),
  /** From when the member may buy, once drawn. */
  admitted_at: at,
  admitted: z.boolean(),
  /** Units of the drop's products neither sold nor reserved. */
  units_left: z.number().int(),
  /** The drop has opened and nothing is left. */
  sold_out: z.boolean(),
  /** The member's own id: what the published draw is checked with (scripts/src/verify-drop-order.ts). */
  member_id: z.string(),
  now: z.string(),
  /**
   * Names what the member acts on (the state, their place and turn, sold out), not the units left: asked again with
   * `seen` set to it, the room answers when it changes or when `wait` runs out.
   */
  version: z.string(),
});
export type WaitingRoomView = z.output<typeof waitingRoomSchema>;

/**
 * A drop's published draw: its seed and every entrant's digest, HMAC-SHA256(seed, member id) in hex, ascending, which
 * is the order they were let in. No member id is in it: each member finds their own digest.
 */
export const dropDrawSchema = z.object({
  drop_id: z.string(),
  opens_at: z.string(),
  /** The 32-byte seed, hex. */
  seed: z.string(),
  seed_sha256: z.string(),
  admitted_per_second: z.number().int(),
  entrants: z.number().int(),
  digests: z.array(z.string()),
});
export type DropDraw = z.output<typeof dropDrawSchema>;
