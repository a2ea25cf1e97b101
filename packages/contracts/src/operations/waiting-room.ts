import { z } from 'zod';
import { dropDrawSchema, waitingRoomSchema } from '../api/waiting-room.js';
import { wholeNumber } from '../validation/numbers.js';
import { answer } from './answers.js';
import { operation } from './operation.js';

/** The longest a member's ask for their waiting room is held open: under the gateway's 30 s call to a service. */
export const MAX_WAITING_ROOM_WAIT_SECONDS = 20;

/** A drop's waiting room (issue 33 item 2, docs/decisions/0153): orders keeps it, beside the decision it admits to. */
export const waitingRoomOperations = {
  waitingRoom: operation({
    id: 'waitingRoom',
    method: 'GET',
    path: '/drop/waiting-room',
    owner: 'orders',
    access: 'member',
    summary:
      "The coming drop's waiting room as the member sees it: whether they are in, the seed's SHA-256, their place once drawn, when they may buy, and what is left. With `seen` (the last answer's `version`) and `wait`, it answers when that changes or after `wait` seconds, whichever is first",
    query: z.object({
      seen: z
        .string()
        .regex(/^[0-9a-f]{1,64}$/, { error: 'Seen must be the version of an earlier answer.' })
        .optional(),
      wait: wholeNumber('Wait', 0, MAX_WAITING_ROOM_WAIT_SECONDS).optional(),
    }),
    response: answer(waitingRoomSchema.nullable()),
  }),
  joinWaitingRoom: operation({
    id: 'joinWaitingRoom',
    method: 'POST',
    path: '/drop/waiting-room',
    owner: 'orders',
    access: 'member',
    summary: "Puts the member in the coming drop's waiting room, from WAITING_ROOM_MINUTES before its opening until it opens",
    response: answer(waitingRoomSchema),
  }),
  dropDraw: operation({
    id: 'dropDraw',
    method: 'GET',
    path: '/drop/:id/draw',
    owner: 'orders',
    access: 'public',
    summary: "A drop's published draw once it has opened: the seed and every entrant's digest in the order they were let in",
    params: z.object({ id: z.string().min(1).max(64) }),
    response: answer(dropDrawSchema),
  }),
  waitingRoomSizes: operation({
    id: 'waitingRoomSizes',
    method: 'GET',
    path: '/admin/waiting-rooms',
    owner: 'orders',
    access: 'admin',
    summary:
      "How many members are in each drop's waiting room, for the operators' live view: rooms not drawn yet, and those that opened in the last 48 hours (a calendar drop's length)",
    response: answer(
      z.object({
        rooms: z.array(
          z.object({ drop_id: z.string(), opens_at: z.string(), drawn: z.boolean(), entrants: z.number().int().nonnegative() }),
        ),
      }),
    ),
  }),
};
