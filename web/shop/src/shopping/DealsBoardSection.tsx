import { DEALS_BOARD } from '@elts/contracts';
import { Link } from '@elts/router';
import { ApiError, buttonClasses, Card, EmptyState, ErrorState, LoadingState } from '@elts/ui';
import { useState } from 'react';
import { type ShopProduct, useDealsBoard } from '../api/catalog.js';
import { useProfile } from '../api/profile.js';
import { useMyWaitlists } from '../api/waitlist.js';
import { WaitingRoomPanel } from '../drop-night/WaitingRoomPanel.js';
import { ConfirmOrderModal } from './ConfirmOrderModal.js';
import { ProductCard } from './ProductCard.js';
import { ProductDetailModal } from './ProductDetailModal.js';
import { useNow } from './use-now.js';

const ACCESS_NOTES = {
  subscription_required: 'Subscribe to unlock your deals board: member-only prices on products picked from your lists.',
  early_access_required: 'The deals board is open to early-access members for now. We will let you know as soon as it opens for you.',
} as const;

/** The Dealsboard section of /profile: at most 15 deals picked for the member, each with its sale clock. */
export function DealsBoardSection() {
  const board = useDealsBoard();
  const profile = useProfile();
  const now = useNow();
  // The product whose details are open, by id: the board is read again while it shows (live stock), and the details
  // follow the newest reading rather than the one they were opened from.
  const [viewingId, setViewingId] = useState<string>();
  const viewing = board.data?.products.find((product) => product.id === viewingId);
  const setViewing = (product: ShopProduct | undefined) => setViewingId(product?.id);
  // What the order form is for: Buy Now, or joining a sold-out product's waitlist with the same details.
  const [buying, setBuying] = useState<{ product: ShopProduct; waitlist: boolean }>();
  const waitlists = useMyWaitlists(Boolean(board.data && !board.data.access));

  const buy = (product: ShopProduct, waitlist = false) => {
    setViewing(undefined);
    setBuying({ product, waitlist });
  };

  return (
    <section aria-labelledby="dealsboard-heading">
      <h2 id="dealsboard-heading" className="text-2xl font-extrabold text-ink-950">
        Deals picked for you
      </h2>
      <p className="mt-1 text-ink-600">
        We show only {DEALS_BOARD.maxItems} items or fewer: {DEALS_BOARD.fromLists} from your lists, {DEALS_BOARD.trending} trending
        community deals and {DEALS_BOARD.exclusive} exclusive launches.
      </p>
      {/* The drop's waiting room, for members the board is open to: it shows itself only near an opening. */}
      {board.data && !board.data.access && <WaitingRoomPanel />}
      {board.isPending ? (
        <LoadingState message="Loading amazing deals..." />
      ) : board.isError ? (
        <ErrorState
          message={board.error instanceof ApiError ? 'Failed to fetch products' : 'Failed to load products'}
          onRetry={() => void board.refetch()}
        />
      ) : board.data.access ? (
        <Card className="mt-6 text-center">
          <p className="text-ink-700">{ACCESS_NOTES[board.data.access]}</p>
          {board.data.access === 'subscription_required' && (
            <Link to="/profile?section=subscription" className={buttonClasses('primary', 'md', 'mt-4')}>
              SUBSCRIBE NOW
            </Link>
          )}
        </Card>
      ) : board.data.products.length === 0 ? (
        <EmptyState title="No products available at the moment. Please check back later for amazing deals!" />
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {board.data.products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              now={now}
              onView={() => setViewing(product)}
              onBuy={() => buy(product)}
              waitlistPosition={waitlists.data?.get(product.id)}
              onJoinWaitlist={() => buy(product, true)}
            />
          ))}
        </ul>
      )}
      <ProductDetailModal
        product={viewing}
        now={now}
        onClose={() => setViewing(undefined)}
        onBuy={(product) => buy(product)}
        waitlistPlaces={waitlists.data}
        onJoinWaitlist={(product) => buy(product, true)}
      />
      <ConfirmOrderModal
        product={buying?.product}
        waitlist={buying?.waitlist ?? false}
        profile={profile.data}
        onClose={() => setBuying(undefined)}
      />
    </section>
  );
}
