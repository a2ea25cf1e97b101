import { API, type DataOf } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The coming drop's waiting room as the member sees it (`GET /drop/waiting-room`), null with no drop coming. */
export type WaitingRoom = NonNullable<DataOf<typeof API.waitingRoom>>;

const ROOM_KEY = ['waiting-room'] as const;

/**
 * How often a waiting member's room is asked again: with the server keeping the drop's stock 250 ms, a member
 * hears "Sold out" within a second of the last unit being reserved.
 */
export const WAITING_POLL_MS = 750;
/** Longest wait between asks while the room is not open yet: a drop moved nearer is seen within it. */
const IDLE_POLL_MS = 60_000;

/** When to ask again: often while waiting, at the room's opening before it, never once the member may buy. */
export function nextPollMs(room: WaitingRoom | null | undefined): number | false {
  if (!room) return IDLE_POLL_MS;
  if (room.admitted || room.sold_out) return false;
  if (room.state !== 'upcoming') return WAITING_POLL_MS;
  const untilOpen = Date.parse(room.room_opens_at) - Date.parse(room.now);
  return Math.min(IDLE_POLL_MS, Math.max(WAITING_POLL_MS, untilOpen));
}

export function useWaitingRoom() {
  const { token } = readMemberSession();
  return useQuery<WaitingRoom | null>({
    queryKey: ROOM_KEY,
    enabled: Boolean(token),
    retry: false,
    refetchInterval: (query) => nextPollMs(query.state.data),
    queryFn: async ({ signal }) => (await callOperation(API.waitingRoom, {}, { token, signal })).data,
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
