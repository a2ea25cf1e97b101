import { listMatchReason } from '@elts/contracts';
import { Button, Card, cx } from '@elts/ui';
import type { ShopProduct } from '../api/catalog.js';
import { cardTitle, discountPercent, lowStockNote, priceLabel, reservedNote, retailPrice, saleClock } from './deal-display.js';
import { ProductImage } from './ProductImage.js';
import { WaitlistControls } from './WaitlistControls.js';

export interface ProductCardProps {
  product: ShopProduct;
  now: number;
  onView: () => void;
  onBuy: () => void;
  /** The member's place on the product's waitlist, if any, and how to join it (a sold-out product only). */
  waitlistPosition?: number;
  onJoinWaitlist: () => void;
}

/** One deal on the board: picture, title cut at 60 characters, prices, discount, stock note and the sale clock. */
export function ProductCard({ product, now, onView, onBuy, waitlistPosition, onJoinWaitlist }: ProductCardProps) {
  const clock = saleClock(product, now);
  const discount = discountPercent(product);
  const retail = retailPrice(product);
  const low = clock.state === 'open' ? lowStockNote(product.stock) : undefined;
  const reserved = reservedNote(product, clock.state);
  return (
    <Card as="li" padded={false} className="flex flex-col overflow-hidden" aria-label={product.name}>
      <div className="relative bg-ink-50">
        {/* The picture opens the details too; the View Details button is the way for keyboards and screen readers. */}
        <button type="button" tabIndex={-1} aria-hidden="true" onClick={onView} className="block w-full cursor-pointer">
          <ProductImage src={product.images[0]} alt="" className="aspect-square w-full object-contain p-4" />
        </button>
        {discount !== undefined && (
          <span className="absolute top-3 left-3 rounded-full bg-marigold-400 px-2.5 py-1 text-xs font-bold text-brand-950">
            {discount}% off
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {product.brand && <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{product.brand}</p>}
        <h3 className="font-bold text-ink-950" title={product.name}>
          {cardTitle(product.name)}
        </h3>
        {product.matchedItem && product.matchedList && (
          <p className="text-xs text-brand-700">{listMatchReason(product.matchedList, product.matchedItem)}</p>
        )}
        <p className="flex items-baseline gap-2">
          <span className="text-lg font-extrabold text-ink-950">{priceLabel(product)}</span>
          {retail && (
            <s className="text-sm text-ink-500">
              <span className="sr-only">Retail price </span>
              {retail.label}
            </s>
          )}
        </p>
        {retail && <p className="text-xs text-ink-500">{retail.recorded}</p>}
        {low && <p className="text-sm font-semibold text-red-700">{low}</p>}
        {reserved && <p className="text-sm text-ink-600">{reserved}</p>}
        {clock.timer && clock.state !== 'upcoming' && (
          <p className="text-sm font-medium text-ink-700" aria-live="off">
            {clock.timer}
          </p>
        )}
        <div className="mt-auto flex gap-2 pt-2">
          <Button variant="secondary" size="sm" onClick={onView}>
            View Details
          </Button>
          <Button
            size="sm"
            disabled={!clock.buyable}
            onClick={onBuy}
            className={cx('flex-1', !clock.buyable && 'h-auto min-h-9 py-1 whitespace-normal text-center')}
          >
            {clock.action}
          </Button>
        </div>
        {clock.state === 'sold-out' && (
          <WaitlistControls productName={product.name} productId={product.id} position={waitlistPosition} onJoin={onJoinWaitlist} />
        )}
      </div>
    </Card>
  );
}
