import { Card } from '@elts/ui';
import { CURATED_BRANDS } from './curated-brands.js';

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
          <li
            key={brand}
            className="grid h-20 place-items-center rounded-2xl bg-white font-display text-lg font-extrabold tracking-tight text-ink-800 ring-1 ring-ink-200"
          >
            {brand}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-xs text-ink-500">
        All brand names and logos are trademarks of their respective owners and are shown only to identify the brands whose products appear
        in our deals. Their use does not imply endorsement.
      </p>
    </Card>
  );
}
