/** A sleep that ends early when someone calls `wake()`; a wake with nobody sleeping is remembered once. */
export class Wakeup {
  private pending = false;
  private resolve: (() => void) | undefined;

  wake(): void {
    if (this.resolve) {
      const resolve = this.resolve;
      this.resolve = undefined;
      resolve();
    } else {
      this.pending = true;
    }
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = undefined;
        resolve();
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/** Lets timers and I/O run before continuing. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
