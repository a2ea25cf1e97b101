import { MEMBER_CAPS } from '@elts/contracts';
import { BRAND, CloseIcon, formatCount, ShareIcon, whatsAppShareLink } from '@elts/ui';
import { useState } from 'react';

const WALL_SHARE_TEXT = `The first ${formatCount(MEMBER_CAPS.wallOfElts)} members of ${BRAND.name} are on its Wall of ELTS. Take your place:`;

/** The wall-of-names banner: a WhatsApp share, the 50K registration notice, and an 'x' that puts it away. */
export function WallBanner() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside aria-label="Wall of ELTS" className="relative rounded-card bg-brand-900 p-6 pr-14 text-white lg:p-8 lg:pr-16">
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => setOpen(false)}
        className="absolute top-3 right-3 grid size-10 cursor-pointer place-items-center rounded-full text-xl hover:bg-white/15"
      >
        <CloseIcon />
      </button>
      <p className="font-display text-2xl font-extrabold">The first {formatCount(MEMBER_CAPS.wallOfElts)} members, by name, for good.</p>
      <p className="mt-2 text-white/80">
        Registration is capped at {formatCount(MEMBER_CAPS.registration / 1000)}K members; after that it is by invitation only.
      </p>
      <a
        href={whatsAppShareLink(WALL_SHARE_TEXT, `${window.location.origin}/elts`)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex items-center gap-2 rounded-full bg-marigold-400 px-5 py-2.5 font-semibold text-brand-950 hover:bg-marigold-300"
      >
        <ShareIcon />
        Share the wall on WhatsApp
      </a>
    </aside>
  );
}
