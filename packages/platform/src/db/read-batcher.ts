/**
 * Gathers lookups by key into few reads when many arrive at once (docs/decisions/0074). A lookup that arrives while
 * `atOnce` reads are under way waits for one of them to end and goes, with every other lookup that arrived
 * meanwhile, into the next read: under a burst, one read answers dozens of requests instead of each queueing for a
 * connection of its own. A read never begins before the lookups it answers arrived, so each of them still reads
 * afresh (a session revoked before a request arrived is not found for it).
 */
export class ReadBatcher<V> {
  private reading = 0;
  private waiting = new Map<string, Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>>();

  constructor(
    /** Reads every key at once; a key missing from the answer has no value. */
    private readonly read: (keys: string[]) => Promise<Map<string, V>>,
    private readonly options: { atOnce: number; most: number } = { atOnce: 2, most: 200 },
  ) {}

  get(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.next();
    });
  }

  private next(): void {
    if (this.reading >= this.options.atOnce || this.waiting.size === 0) return;
    const batch = new Map<string, Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>>();
    for (const [key, waiters] of this.waiting) {
      if (batch.size >= this.options.most) break;
      batch.set(key, waiters);
      this.waiting.delete(key);
    }
    this.reading++;
    this.read([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.reading--;
        this.next();
      });
  }
}
