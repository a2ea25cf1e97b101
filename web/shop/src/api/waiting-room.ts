import { API, type DataOf } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The coming drop's waiting room as the member sees it (`GET /drop/waiting-room`), null with no drop coming. */
export type WaitingRoom = NonNullable<DataOf<typeof API.waitingRoom>>;

const ROOM_KEY = ['waiting-room'] as const;

/**
 * Once the drop has opened, how long the room holds an ask that waits for the member's turn or "Sold out" (both
 * answered within a quarter of a second of happening): the units left shown are at most this old, and 2,000 members
 * waiting cost the server 670 asks a second, where asking every 750 ms cost 2,700 at the opening.
 */
export const WAITING_HOLD_SECONDS = 3;
/** Before the opening the room changes only at the opening, which answers a held ask at once: held this long. */
const BEFORE_OPENING_HOLD_SECONDS = 20;
/** How soon a held ask is followed by the next (the room answered it: something changed, or the hold ran out). */
const AGAIN_MS = 100;
/** After a failed ask, the wait before the next: a room that cannot answer is not asked without pause. */
const AFTER_FAILURE_MS = 5000;
/** Longest wait between asks while the room is not open yet: a drop moved nearer is seen within it. */
const IDLE_POLL_MS = 60_000;

/** What to ask the room: with the version the member has, held for a change, once the room is open until they may buy. */
export function askFor(room: WaitingRoom | null | undefined): { seen?: string; wait?: number } {
  if (!room || room.state === 'upcoming' || room.admitted || room.sold_out) return {};
  return { seen: room.version, wait: room.state === 'drawn' ? WAITING_HOLD_SECONDS : BEFORE_OPENING_HOLD_SECONDS };
}

/** When to ask again: at once after a held ask, now and then before the room opens, never once the member may buy or it is gone. */
export function nextPollMs(room: WaitingRoom | null | undefined, failed = false): number | false {
  if (failed) return AFTER_FAILURE_MS;
  if (!room) return IDLE_POLL_MS;
  if (room.admitted || room.sold_out) return false;
  if (room.state !== 'upcoming') return AGAIN_MS;
  return Math.min(IDLE_POLL_MS, Math.max(AGAIN_MS, Date.parse(room.room_opens_at) - Date.parse(room.now)));
}

export function useWaitingRoom() {
  const { token } = readMemberSession();
  const client = useQueryClient();
  return useQuery<WaitingRoom | null>({
    queryKey: ROOM_KEY,
    enabled: Boolean(token),
    retry: false,
    refetchInterval: (query) => nextPollMs(query.state.data, query.state.status === 'error'),
    queryFn: async ({ signal }) => {
      const query = askFor(client.getQueryData<WaitingRoom | null>(ROOM_KEY));
      return (await callOperation(API.waitingRoom, { query }, { token, signal })).data;
    },
  });
}

export function useJoinWaitingRoom() {
  const { token } = readMemberSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callOperation(API.joinWaitingRoom, {}, { token })).data,
    onSuccess: (room) => client.setQueryData(ROOM_KEY, room),
  });
}
