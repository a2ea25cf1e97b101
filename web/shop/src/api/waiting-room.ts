import { API, type DataOf } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The coming drop's waiting room as the member sees it (`GET /drop/waiting-room`), null with no drop coming. */
export type WaitingRoom = NonNullable<DataOf<typeof API.waitingRoom>>;

const ROOM_KEY = ['waiting-room'] as const;

/**
 * How often a waiting member's room is asked again once the drop has opened: with the server keeping the drop's
 * stock 250 ms, a member hears "Sold out" within a second of the last unit being reserved.
 */
export const WAITING_POLL_MS = 750;
/**
 * Before the opening nothing the server knows changes but what is left (the countdown runs here): asked this often,
 * 2,000 members cost the server 400 asks a second instead of 2,700, and each wakes again at the opening itself.
 */
const BEFORE_OPENING_POLL_MS = 5000;
/** Longest wait between asks while the room is not open yet: a drop moved nearer is seen within it. */
const IDLE_POLL_MS = 60_000;

/** When to ask again: often once the drop opens, now and then before, never once the member may buy or it is gone. */
export function nextPollMs(room: WaitingRoom | null | undefined): number | false {
  if (!room) return IDLE_POLL_MS;
  if (room.admitted || room.sold_out) return false;
  if (room.state === 'drawn') return WAITING_POLL_MS;
  const now = Date.parse(room.now);
  const until = room.state === 'upcoming' ? Date.parse(room.room_opens_at) - now : Date.parse(room.opens_at) - now;
  const most = room.state === 'upcoming' ? IDLE_POLL_MS : BEFORE_OPENING_POLL_MS;
  return Math.min(most, Math.max(WAITING_POLL_MS, until));
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
