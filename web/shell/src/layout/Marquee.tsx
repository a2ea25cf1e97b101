import { BRAND } from '@elts/ui';

const LINE = [BRAND.name, 'Never pay retail price', 'Deals curated by the community', 'Goa · Karnataka · Maharashtra', 'Members only'];

/**
 * The brand line, scrolling across once every 15 seconds (spec section 9). The text is written twice so the loop
 * is seamless; screen readers get it once, and it stands still for people who ask for reduced motion.
 */
export function Marquee() {
  const line = (hidden: boolean) => (
    <p aria-hidden={hidden || undefined} className="flex shrink-0 items-center">
      {LINE.map((item) => (
        <span key={item} className="flex items-center gap-8 pr-8">
          <span>{item}</span>
          <span aria-hidden="true" className="text-brand-700">
            ✦
          </span>
        </span>
      ))}
    </p>
  );
  return (
    <div className="overflow-hidden bg-marigold-400 py-3 text-sm font-bold tracking-wide text-brand-950 uppercase">
      <div className="flex w-max animate-marquee motion-reduce:animate-none">
        {line(false)}
        {line(true)}
      </div>
    </div>
  );
}
