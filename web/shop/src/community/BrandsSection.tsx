import { Card, cx } from '@elts/ui';
import { CURATED_BRANDS, type CuratedBrand, type WordmarkTone, type WordmarkType } from './curated-brands.js';

const TYPE: Record<WordmarkType, string> = {
  heavy: 'font-display text-xl font-black tracking-tight',
  'wide-caps': 'font-display text-base font-bold tracking-[0.2em] uppercase',
  serif: 'font-serif text-xl font-semibold italic',
  light: 'font-display text-xl font-light tracking-wide lowercase',
  slanted: 'font-display text-xl font-extrabold uppercase italic tracking-tight',
  mono: 'font-mono text-base font-semibold tracking-[0.25em] uppercase',
};

const TONE: Record<WordmarkTone, { tile: string; known: string }> = {
  paper: { tile: 'bg-white text-ink-950 ring-1 ring-ink-200', known: 'text-ink-600' },
  night: { tile: 'bg-brand-900 text-white', known: 'text-brand-100' },
  marigold: { tile: 'bg-marigold-100 text-marigold-900', known: 'text-marigold-800' },
  lilac: { tile: 'bg-brand-50 text-brand-900 ring-1 ring-brand-100', known: 'text-brand-700' },
};

/** A brand's tile: its name set as a wordmark in our own type, and what members know it for. */
function WordmarkTile({ brand }: { brand: CuratedBrand }) {
  const tone = TONE[brand.tone];
  return (
    <li className={cx('flex h-28 flex-col items-center justify-center gap-1 rounded-2xl px-3 text-center', tone.tile)}>
      <span className={cx('max-w-full leading-tight break-words', TYPE[brand.type])}>{brand.name}</span>
      <span className={cx('text-xs font-medium', tone.known)}>{brand.known}</span>
    </li>
  );
}

/** The Brands section: the curated brands grid with its disclaimer. */
export function BrandsSection() {
  return (
    <Card as="section" aria-labelledby="brands-title">
      <h2 id="brands-title" className="text-lg font-bold text-ink-950">
        Curated brands
      </h2>
      <p className="mt-1 text-ink-600">The brands our deals come from. Add what you want from them to your Need and Greed lists.</p>
      <ul aria-label="Curated brands" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
        {CURATED_BRANDS.map((brand) => (
          <WordmarkTile key={brand.name} brand={brand} />
        ))}
      </ul>
      <p className="mt-6 text-xs text-ink-600">
        All brand names and logos are trademarks of their respective owners and are shown only to identify the brands whose products appear
        in our deals. Their use does not imply endorsement.
      </p>
    </Card>
  );
}
