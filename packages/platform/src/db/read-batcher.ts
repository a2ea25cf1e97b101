type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Gathers lookups by key into one read when many arrive at once (docs/decisions/0074). The lookups made in one turn
 * of the event loop (every request whose bytes arrived together) are read together when the turn ends: under a
 * burst, one statement answers dozens of requests instead of each taking a connection of its own. A read never
 * begins before the lookups it answers arrived, and a lookup never joins a read already under way, so each of them
 * still reads afresh (a session revoked before a request arrived is not found for it). A lookup made alone waits
 * for nothing but the end of its turn.
 */
export class ReadBatcher<V> {
  private waiting = new Map<string, Waiter<V>[]>();
  private scheduled = false;

  constructor(
    /** Reads every key at once; a key missing from the answer has no value. */
    private readonly read: (keys: string[]) => Promise<Map<string, V>>,
    /** The most keys in one read; more in one turn make more reads. */
    private readonly most = 200,
  ) {}

  get(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const keys = [...this.waiting.entries()];
    this.waiting = new Map();
    for (let at = 0; at < keys.length; at += this.most) this.readOnce(new Map(keys.slice(at, at + this.most)));
  }

  private readOnce(batch: Map<string, Waiter<V>[]>): void {
    this.read([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}
