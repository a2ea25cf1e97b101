import { Button, Card } from '@elts/ui';
import { useJoinWaitingRoom, useWaitingRoom } from '../api/waiting-room.js';
import { useNow } from '../shopping/use-now.js';
import { roomWords, showsRoom } from './waiting-room-words.js';

/**
 * The drop's waiting room on the deals board (issue 33 item 2, docs/decisions/0153): from WAITING_ROOM_MINUTES
 * before the opening until the member may buy. It says they are in, the seed's SHA-256 (to check the draw with after
 * the opening), their place once drawn, what is left, and "Sold out" as soon as nothing is.
 */
export function WaitingRoomPanel() {
  const query = useWaitingRoom();
  const join = useJoinWaitingRoom();
  const now = useNow();
  const room = query.data;
  if (!room) return null;
  // Counted on the server's clock: the answer's `now`, moved on by the time since it came.
  const serverNow = Date.parse(room.now) + (now - query.dataUpdatedAt);
  if (!showsRoom(room, serverNow)) return null;
  const words = roomWords(room, serverNow);
  return (
    <Card as="section" className="mt-6" aria-labelledby="waiting-room-heading">
      <h3 id="waiting-room-heading" className="text-lg font-bold text-ink-950">
        Waiting room: {room.label}
      </h3>
      {room.sold_out ? (
        <p role="status" className="mt-2 text-xl font-extrabold text-red-800">
          Sold out
        </p>
      ) : (
        <div className="mt-2 space-y-1 text-ink-800">
          {words.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {words.join && !room.sold_out && (
        <Button className="mt-4" busy={join.isPending} onClick={() => join.mutate()}>
          Join the waiting room
        </Button>
      )}
      {join.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {join.error.message}
        </p>
      )}
      {room.seed_sha256 && (
        <div className="mt-4 text-sm text-ink-700">
          <p>The draw's seed is fixed. Its SHA-256 is:</p>
          <p className="font-mono break-all text-ink-900" data-testid="seed-sha256">
            {room.seed_sha256}
          </p>
          <p className="mt-1">
            After the opening we publish the seed and every place, so you can check the order with your member id ({room.member_id}).
            {room.state === 'drawn' && (
              <>
                {' '}
                <a className="font-semibold text-brand-800 underline" href={`/drop/${encodeURIComponent(room.drop_id)}/draw`}>
                  See the published draw
                </a>
                .
              </>
            )}
          </p>
        </div>
      )}
    </Card>
  );
}
