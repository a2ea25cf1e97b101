/** A sleep that ends early when someone calls `wake()`; a wake with nobody sleeping is remembered once. */
export class Wakeup {
  private pending = false;
  // Every sleeper: a wake meant for one must never be taken by another that happens to be asleep too.
  private readonly sleepers = new Set<() => void>();

  wake(): void {
    if (this.sleepers.size === 0) {
      this.pending = true;
      return;
    }
    for (const resolve of this.sleepers) resolve();
    this.sleepers.clear();
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}

/** Lets timers and I/O run before continuing. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
