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

/** A placement let in: it tells the gate once its hold has been answered, so its units stop counting as spoken for. */
export interface Admission {
  holdAnswered(): void;
}

/**
 * Admission for placements when a drop opens (docs/decisions/0073). Thousands of buyers press Buy Now in the same
 * second for a few hundred units; each placement is a saga of several services' transactions. Three rules, per
 * process:
 *
 * - **A turn each.** At most `atOnce` placements run; the others wait here, in memory, in arrival order. Waiting in
 *   the database pool instead turns into pool timeouts once a thousand requests queue for ten connections: buyers
 *   get errors, and a saga that fails half-way must undo what it held, under the same load.
 * - **Units spoken for.** The gate knows what the last product read found left, and how many units the placements
 *   it let in and whose hold has not been answered yet will ask for. A buyer who arrives when those placements
 *   already cover every unit left is told 'Out of Stock' at once, instead of waiting behind them to learn it. If one
 *   of them fails before its hold, its unit is judged again for the buyers who come after.
 * - **Sold out is remembered.** Once the catalog has said a product is out of stock, buyers of it are told 'Out of
 *   Stock' without the saga's reads, for `soldOutMs`. Units can come back (a payment that fails releases its hold,
 *   an operator restocks): the memory is short, and a release this process makes clears it, and what the last read
 *   found, at once.
 *
 * The catalog's conditional hold stays the only judge of a sale: the gate only answers 'Out of Stock' sooner.
 */
export class PlacementGate {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  private readonly soldOutUntil = new Map<string, number>();
  /** Per product: units left at the last read and when, and units asked for by placements whose hold is unanswered. */
  private readonly lastLeft = new Map<string, { left: number; at: number }>();
  private readonly spokenFor = new Map<string, number>();

  constructor(private readonly options: PlacementGateOptions) {}

  /** Whether a buyer of `quantity` would be refused for lack of units, judged from memory alone. */
  refuses(productId: string, quantity: number): boolean {
    if (this.isSoldOut(productId)) return true;
    const spoken = this.spokenFor.get(productId) ?? 0;
    const read = this.lastLeft.get(productId);
    // An old read may be wrong (a restock since), so it counts for `soldOutMs`, like the sold-out memory. In a drop
    // each placement reads afresh, so it stays current while placements are in flight.
    if (!read || spoken === 0 || read.at + this.options.soldOutMs <= this.now()) return false;
    return read.left - spoken < quantity;
  }

  /** Whether the product is remembered sold out (checked again when a queued placement's turn comes). */
  isSoldOut(productId: string): boolean {
    const until = this.soldOutUntil.get(productId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.soldOutUntil.delete(productId);
    return false;
  }

  markSoldOut(productId: string): void {
    this.soldOutUntil.set(productId, this.now() + this.options.soldOutMs);
  }

  /** What a product read found left. Holds answered since are in it; those still unanswered are spoken for. */
  unitsLeft(productId: string, left: number): void {
    this.lastLeft.set(productId, { left, at: this.now() });
  }

  /** A hold was given back: units of some product may be free again, so nothing is taken as sold out. */
  unitsBack(): void {
    this.soldOutUntil.clear();
    this.lastLeft.clear();
  }

  /**
   * Runs a placement of `quantity` units of a product in its turn. Its units count as spoken for from its arrival
   * until its hold is answered (`work` says so through its admission) or it ends. A full line is answered 503.
   */
  async run<T>(productId: string, quantity: number, work: (admission: Admission) => Promise<T>): Promise<T> {
    const queued = this.running >= this.options.atOnce;
    if (queued && this.queue.length >= this.options.waiting) throw serviceUnavailable();
    const admission = this.speakFor(productId, quantity);
    try {
      if (queued) await new Promise<void>((resolve) => this.queue.push(resolve));
      else this.running++;
      try {
        return await work(admission);
      } finally {
        // The turn passes straight to the next in line, so `running` never drops below what is running.
        const next = this.queue.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      admission.holdAnswered();
    }
  }

  private now(): number {
    return this.options.clock.now().getTime();
  }

  private speakFor(productId: string, quantity: number): Admission {
    this.spokenFor.set(productId, (this.spokenFor.get(productId) ?? 0) + quantity);
    let counted = true;
    return {
      holdAnswered: () => {
        if (!counted) return;
        counted = false;
        const spoken = (this.spokenFor.get(productId) ?? 0) - quantity;
        if (spoken > 0) this.spokenFor.set(productId, spoken);
        else this.spokenFor.delete(productId);
      },
    };
  }
}
