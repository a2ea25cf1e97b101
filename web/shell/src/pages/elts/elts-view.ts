/** What /elts shows, from the navigation state the links give it: merch=true opens the merch page, else the wall. */
export type EltsView = 'wall' | 'merch';

export function eltsViewFrom(state: unknown): EltsView {
  return typeof state === 'object' && state !== null && (state as { merch?: unknown }).merch === true ? 'merch' : 'wall';
}
