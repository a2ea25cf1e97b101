/**
 * The catalog's one source of "now" for sale windows, drops and hold expiry. Business code reads time only here,
 * so tests can stand at Thursday 23:59:59 IST, or an hour after a hold's deadline, without sleeping.
 */
let offsetMs = 0;
let fixed: Date | undefined;

export const clock = {
  now(): Date {
    return fixed ? new Date(fixed) : new Date(Date.now() + offsetMs);
  },
  /** Tests only: stop the clock at `at`. */
  set(at: Date): void {
    fixed = new Date(at);
  },
  /** Tests only: let time run again, `ms` ahead of the real clock. */
  advance(ms: number): void {
    fixed = undefined;
    offsetMs = ms;
  },
  reset(): void {
    fixed = undefined;
    offsetMs = 0;
  },
};
