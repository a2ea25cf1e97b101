/**
 * Where business code reads "now": sale windows, holds, deadlines, notices, invoices. Each service gets one from the
 * platform (`runtime.clock`) and passes it to what needs it, so a test can stand at Thursday 23:59:59 in India, or an
 * hour past a deadline, without sleeping or patching globals. Durations measured for logs use `performance.now()`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets: stopped at an instant, or running some way ahead of the real one. */
export class ManualClock implements Clock {
  private fixed: Date | undefined;
  private offsetMs = 0;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date(Date.now() + this.offsetMs);
  }

  /** Stops the clock at `at`. */
  set(at: Date): void {
    this.fixed = new Date(at);
  }

  /** Lets time run again, `ms` ahead of the real clock. */
  advance(ms: number): void {
    this.fixed = undefined;
    this.offsetMs = ms;
  }

  reset(): void {
    this.fixed = undefined;
    this.offsetMs = 0;
  }
}
