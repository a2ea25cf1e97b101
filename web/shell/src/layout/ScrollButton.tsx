import { ArrowDownIcon, ArrowUpIcon } from '@elts/ui';
import { useEffect, useState } from 'react';

type Direction = 'down' | 'up';

/** Down while the reader is in the upper half of the page, up once past the middle. */
function directionFor(): Direction {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return window.scrollY > scrollable / 2 ? 'up' : 'down';
}

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** The fixed round button at the bottom right: takes the reader to the bottom of the page, then back to the top. */
export function ScrollButton() {
  const [direction, setDirection] = useState<Direction>('down');

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setDirection(directionFor()));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const goingDown = direction === 'down';
  return (
    <button
      type="button"
      aria-label={goingDown ? 'Scroll to bottom' : 'Scroll to top'}
      onClick={() => window.scrollTo({ top: goingDown ? document.documentElement.scrollHeight : 0, behavior: scrollBehavior() })}
      className="fixed right-4 bottom-4 z-20 grid size-12 cursor-pointer place-items-center rounded-full bg-brand-700 text-xl text-white shadow-lift transition-colors hover:bg-brand-800 lg:right-8 lg:bottom-8"
    >
      {goingDown ? <ArrowDownIcon /> : <ArrowUpIcon />}
    </button>
  );
}
