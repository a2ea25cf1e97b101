import { type Clock, serviceUnavailable } from '@elts/platform';

export interface PlacementGateOptions {
  /** Placements this process runs at once; the rest wait their turn here. */
  atOnce: number;
  /** Placements that may wait; past that a buyer is asked to try again (503) rather than queue without end. */
  waiting: number;
  /** How long a product the catalog called out of stock is taken as sold out without asking again. */
  soldOutMs: number;
  clock: Clock;
}

/**
 * Admission for placements when a drop opens (docs/decisions/0073). Thousands of buyers press Buy Now in the same
 * second for a few hundred units; each placement is a saga of several services' transactions. Two rules, per process:
 *
 * - **A turn each.** At most `atOnce` placements run; the others wait here, in memory, in arrival order. Waiting in
 *   the database pool instead turns into pool timeouts once a thousand requests queue for ten connections: buyers
 *   get errors, and a saga that fails half-way must undo what it held, under the same load.
 * - **Sold out is remembered.** Once the catalog has said a product is out of stock, buyers of it are told 'Out of
 *   Stock' when their turn comes, without the saga's reads, for `soldOutMs`. Units can come back (a payment that
 *   fails releases its hold, an operator restocks): the memory is short, and a release this process makes clears
 *   it at once. The catalog's conditional hold stays the only judge of a sale: this only answers sooner.
 */
export class PlacementGate {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  private readonly soldOutUntil = new Map<string, number>();

  constructor(private readonly options: PlacementGateOptions) {}

  isSoldOut(productId: string): boolean {
    const until = this.soldOutUntil.get(productId);
    if (until === undefined) return false;
    if (until > this.options.clock.now().getTime()) return true;
    this.soldOutUntil.delete(productId);
    return false;
  }

  markSoldOut(productId: string): void {
    this.soldOutUntil.set(productId, this.options.clock.now().getTime() + this.options.soldOutMs);
  }

  /** A hold was given back: units of some product may be free again, so nothing is taken as sold out. */
  unitsBack(): void {
    this.soldOutUntil.clear();
  }

  /** Runs `work` in its turn. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.atOnce) {
      if (this.queue.length >= this.options.waiting) throw serviceUnavailable();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so `running` never drops below what is running.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
