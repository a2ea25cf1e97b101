/**
 * Counts calls per key in a sliding window, approximated from two fixed windows: the current one's count plus the
 * previous one's, weighted by how much of it still overlaps. Memory is one small entry per active key; entries
 * idle for two windows are swept, and the map never grows past `maxKeys` (the oldest keys go first).
 */
export class SlidingWindowCounter {
  private readonly entries = new Map<string, { windowStart: number; current: number; previous: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one call; answers 0 if it is allowed, else the seconds until one more would be. */
  hit(key: string, limit: number, windowSeconds: number): number {
    const windowMs = windowSeconds * 1000;
    const now = this.now();
    const windowStart = now - (now % windowMs);
    let entry = this.entries.get(key);
    if (!entry || entry.windowStart < windowStart - windowMs) entry = { windowStart, current: 0, previous: 0 };
    else if (entry.windowStart < windowStart) entry = { windowStart, current: 0, previous: entry.current };
    const overlap = 1 - (now - windowStart) / windowMs;
    const estimate = entry.current + entry.previous * overlap;
    if (estimate + 1 > limit) {
      this.remember(key, entry);
      // The previous window's weight falls as time passes; when no weight is left, the next window starts afresh.
      const wait =
        entry.previous > 0 && entry.current < limit ? ((estimate + 1 - limit) / entry.previous) * windowMs : windowStart + windowMs - now;
      return Math.max(1, Math.ceil(wait / 1000));
    }
    entry.current++;
    this.remember(key, entry);
    return 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, entry: { windowStart: number; current: number; previous: number }): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
  }
}
