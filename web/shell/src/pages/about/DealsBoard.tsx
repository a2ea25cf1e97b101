import { DEALS_BOARD } from '@elts/contracts';

const COLUMNS = [
  { count: DEALS_BOARD.fromLists, title: 'From your lists', text: 'Deals on the things on your Need and Greed lists.' },
  { count: DEALS_BOARD.trending, title: 'Trending in the community', text: 'What members across the club are buying right now.' },
  { count: DEALS_BOARD.exclusive, title: 'Exclusive launches', text: 'New products from brands, first and only for members.' },
];

/** The dealsboard explanation: at most 15 items, in three fives. */
export function DealsBoard() {
  return (
    <section aria-labelledby="deals-board" className="bg-brand-950 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 lg:px-8 lg:py-24">
        <p className="text-sm font-bold tracking-[0.2em] text-marigold-300 uppercase">The deals board</p>
        <h2 id="deals-board" className="mt-3 max-w-3xl font-display text-3xl font-extrabold lg:text-4xl">
          {DEALS_BOARD.maxItems} deals or fewer, picked for you
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-white/80">
          No endless catalogue to scroll. Each drop shows you at most {DEALS_BOARD.maxItems} products, and every one of them is there for a
          reason.
        </p>
        <ul className="mt-10 grid gap-4 lg:grid-cols-3">
          {COLUMNS.map((column) => (
            <li key={column.title} className="rounded-card bg-white/5 p-6 ring-1 ring-white/15">
              <p className="font-display text-5xl font-extrabold text-marigold-400">{column.count}</p>
              <h3 className="mt-2 text-lg font-bold">{column.title}</h3>
              <p className="mt-1 text-white/75">{column.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
