import { Button, cx, Modal } from '@elts/ui';
import { useId, useState } from 'react';
import { type ShopProduct, useVariants } from '../api/catalog.js';
import { discountPercent, lowStockNote, priceLabel, reservedNote, retailPrice, saleClock } from './deal-display.js';
import { ProductImage } from './ProductImage.js';
import { versionLabels, versionLegend } from './variant-labels.js';
import { WaitlistControls } from './WaitlistControls.js';

const MAX_THUMBNAILS = 4;

export interface ProductDetailModalProps {
  product: ShopProduct | undefined;
  now: number;
  onClose: () => void;
  onBuy: (product: ShopProduct) => void;
  /** The member's waitlist places by product id, and how to join one (a sold-out version). */
  waitlistPlaces?: Map<string, number>;
  onJoinWaitlist: (product: ShopProduct) => void;
}

/**
 * A product's details: a main picture with up to 4 thumbnails, prices, the sale clock and the descriptions. A product
 * in a variant group is one card on the board; its versions (sizes, colours, capacities) are picked here, and the
 * heading, the details and Buy Now all follow the pick.
 */
export function ProductDetailModal({ product, now, onClose, onBuy, waitlistPlaces, onJoinWaitlist }: ProductDetailModalProps) {
  const variants = useVariants(product);
  // The pick belongs to the card it was made on: another card opens on its own version.
  const [pick, setPick] = useState<{ card: string; version: string }>();
  const options = product && variants.data && variants.data.length > 1 ? variants.data : [];
  const pickedId = pick && pick.card === product?.id ? pick.version : product?.id;
  const chosen = options.find((variant) => variant.id === pickedId) ?? product;
  return (
    <Modal open={Boolean(product)} onClose={onClose} title={chosen?.name ?? ''} size="lg">
      {product && chosen && (
        <>
          {options.length > 0 && (
            <VersionPicker versions={options} chosen={chosen.id} onPick={(version) => setPick({ card: product.id, version })} />
          )}
          <ProductDetails
            key={chosen.id}
            product={chosen}
            now={now}
            onBuy={() => onBuy(chosen)}
            waitlistPosition={waitlistPlaces?.get(chosen.id)}
            onJoinWaitlist={() => onJoinWaitlist(chosen)}
          />
        </>
      )}
    </Modal>
  );
}

/** The versions as radio buttons (arrow keys move between them), each named by what sets it apart ('UK 8'). */
function VersionPicker({ versions, chosen, onPick }: { versions: ShopProduct[]; chosen: string; onPick: (id: string) => void }) {
  const name = useId();
  const labels = versionLabels(versions.map((version) => version.name));
  // The price is worth a place beside each label only when it differs between versions.
  const prices = new Set(versions.map((version) => priceLabel(version)));
  return (
    <fieldset className="mb-5 min-w-0">
      <legend className="text-sm font-semibold text-ink-800">{versionLegend(labels)}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {versions.map((version, index) => {
          const checked = version.id === chosen;
          return (
            <label
              key={version.id}
              className={cx(
                'cursor-pointer rounded-2xl px-4 py-2 text-sm ring-1 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                checked
                  ? 'bg-brand-50 font-semibold text-brand-900 ring-2 ring-brand-600'
                  : 'bg-white text-ink-800 ring-ink-300 hover:ring-brand-300',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={version.id}
                checked={checked}
                onChange={() => onPick(version.id)}
              />
              {labels[index]}
              {prices.size > 1 && <span className="font-normal text-ink-600"> · {priceLabel(version)}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function ProductDetails({
  product,
  now,
  onBuy,
  waitlistPosition,
  onJoinWaitlist,
}: {
  product: ShopProduct;
  now: number;
  onBuy: () => void;
  waitlistPosition: number | undefined;
  onJoinWaitlist: () => void;
}) {
  const thumbnails = product.images.slice(0, MAX_THUMBNAILS);
  const [shown, setShown] = useState(0);
  const clock = saleClock(product, now);
  const discount = discountPercent(product);
  const retail = retailPrice(product);
  const low = clock.state === 'open' ? lowStockNote(product.stock) : undefined;
  const reserved = reservedNote(product, clock.state);
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div>
        <ProductImage
          src={thumbnails[shown]}
          alt={product.name}
          className="aspect-square w-full rounded-2xl bg-ink-50 object-contain p-4"
        />
        {thumbnails.length > 1 && (
          <ul className="mt-3 flex gap-2" aria-label="Pictures">
            {thumbnails.map((image, index) => (
              <li key={image}>
                <button
                  type="button"
                  onClick={() => setShown(index)}
                  aria-pressed={index === shown}
                  className={cx(
                    'size-16 cursor-pointer overflow-hidden rounded-xl bg-ink-50 ring-2',
                    index === shown ? 'ring-brand-600' : 'ring-transparent',
                  )}
                >
                  <ProductImage src={image} alt={`Picture ${index + 1}`} className="size-full object-contain p-1" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-ink-600">{[product.brand, product.category].filter(Boolean).join(' · ')}</p>
        <p className="flex flex-wrap items-baseline gap-2">
          <span className="text-2xl font-extrabold text-ink-950">{priceLabel(product)}</span>
          {retail && (
            <s className="text-ink-500">
              <span className="sr-only">Retail price </span>
              {retail.label}
            </s>
          )}
          {discount !== undefined && <span className="font-bold text-emerald-700">{discount}% off</span>}
        </p>
        {retail && <p className="text-sm text-ink-600">{retail.recorded}</p>}
        {low && <p className="font-semibold text-red-700">{low}</p>}
        {reserved && <p className="text-sm text-ink-600">{reserved}</p>}
        {clock.timer && clock.state !== 'upcoming' && <p className="text-sm font-medium text-ink-700">{clock.timer}</p>}
        <Button disabled={!clock.buyable} onClick={onBuy} className="h-auto min-h-11 py-2 whitespace-normal">
          {clock.action}
        </Button>
        {clock.state === 'sold-out' && (
          <WaitlistControls productName={product.name} productId={product.id} position={waitlistPosition} onJoin={onJoinWaitlist} />
        )}
        {product.descriptions
          .filter((section) => section.title || section.content)
          .map((section) => (
            <section key={`${section.title}:${section.content.slice(0, 20)}`}>
              {section.title && <h3 className="font-bold text-ink-950">{section.title}</h3>}
              {/* Plain text from the admin's form: rendered as text, line breaks kept. */}
              <p className="mt-1 whitespace-pre-line text-sm">{section.content}</p>
            </section>
          ))}
      </div>
    </div>
  );
}
