import { API, type DataOf } from '@elts/contracts';
import { type Column, DataTable, EmptyState, formatDateTime } from '@elts/ui';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ListStates } from '../../components/ListStates.js';

type LiveProduct = DataOf<typeof API.liveSale>['products'][number];

/** Read again this often while the tab is open: operators watch a drop as it sells (issue 33 item 5). */
const REFRESH_MS = 5000;

const count = (value: number) => value.toLocaleString('en-IN');

type Room = DataOf<typeof API.waitingRoomSizes>['rooms'][number];

const members = (n: number) => `${count(n)} ${n === 1 ? 'member' : 'members'}`;

/** A room before its opening counts who waits for the draw; after it, who was drawn into a place. */
const roomLine = (room: Room) =>
  room.drawn
    ? `Waiting room of the drop that opened ${formatDateTime(room.opens_at)}: ${members(room.entrants)} drawn into their places.`
    : `Waiting room of the drop opening ${formatDateTime(room.opens_at)}: ${members(room.entrants)} waiting for the draw.`;

/**
 * The sale in progress, per product: units left, reserved for members still paying, and sold and released since it
 * opened, as the stock ledger has them, read again every five seconds.
 */
export function LiveSalePanel() {
  const live = useAdminOperation(API.liveSale, {}, { refetchInterval: REFRESH_MS });
  // The waitlists are orders' (issue 33 item 3): a product's count is read beside its stock, as often.
  const waitlists = useAdminOperation(API.waitlistLengths, {}, { refetchInterval: REFRESH_MS });
  const waiting = new Map((waitlists.data?.data.waitlists ?? []).map((list) => [list.product_id, list.waiting]));
  // The waiting rooms are orders' too (issue 33 item 2): one per drop opening, read as often.
  const rooms = useAdminOperation(API.waitingRoomSizes, {}, { refetchInterval: REFRESH_MS }).data?.data.rooms ?? [];
  const columns: Column<LiveProduct>[] = [
    { key: 'name', header: 'Product', cell: (p) => `${p.name} (${p.brand})` },
    { key: 'left', header: 'Left', cell: (p) => count(p.left) },
    { key: 'reserved', header: 'Reserved', cell: (p) => count(p.reserved) },
    { key: 'sold', header: 'Sold', cell: (p) => count(p.sold) },
    { key: 'released', header: 'Released', cell: (p) => count(p.released) },
    { key: 'waitlist', header: 'Waitlist', cell: (p) => count(waiting.get(p.id) ?? 0) },
    { key: 'saleEndsAt', header: 'Sale ends', cell: (p) => (p.saleEndsAt ? formatDateTime(p.saleEndsAt) : 'Open-ended') },
  ];
  const at = live.data?.data.at;
  return (
    <section aria-label="On sale now" className="flex flex-col gap-2">
      <h2 className="text-lg font-bold text-ink-950">On sale now</h2>
      <p className="text-sm text-ink-600">
        Read from the stock ledger every 5 seconds{at ? `; last at ${formatDateTime(at)}` : ''}. Reserved units are held for members still
        paying; released ones went back on sale; a unit that comes back while members wait goes to the first on the waitlist.
      </p>
      <ListStates
        isLoading={live.isLoading}
        error={live.error}
        loading="Loading the sale..."
        fallback="Failed to fetch the sale in progress"
        onRetry={() => live.refetch()}
      >
        <DataTable
          caption="Products on sale now"
          columns={columns}
          rows={live.data?.data.products ?? []}
          rowKey={(p) => p.id}
          empty={<EmptyState title="Nothing is on sale right now" />}
        />
      </ListStates>
      <ul aria-label="Waiting rooms" className="flex flex-col gap-1 text-sm text-ink-700">
        {rooms.length === 0 ? (
          <li>No drop's waiting room is open.</li>
        ) : (
          rooms.map((room) => <li key={`${room.drop_id} ${room.opens_at}`}>{roomLine(room)}</li>)
        )}
      </ul>
    </section>
  );
}
