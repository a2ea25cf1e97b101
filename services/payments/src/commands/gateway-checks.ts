/** How often a member's page may make us ask the gateway about one payment. */
export const MEMBER_CHECK_INTERVAL_MS = 5_000;

/**
 * Limits the gateway checks that members' pages trigger (the mandate poll, an order's Check Latest Status) to one
 * per payment per interval: each check costs one or two calls against the gateway's rate limit, and a page may ask
 * as often as it likes. Webhooks, reconciliation and the payment timeout are not limited: they must see the answer.
 *
 * Kept in memory, per instance: with several instances the bound is one check per instance per interval, which
 * still caps what one member can cost, and needs no write on every poll.
 */
export class GatewayCheckLimiter {
  /** The time of each payment's last check, oldest first (a check moves its payment to the end). */
  private readonly lastCheck = new Map<string, number>();

  constructor(
    private readonly intervalMs = MEMBER_CHECK_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the gateway may be asked about `paymentId` now; a yes counts as that payment's check. */
  tryCheck(paymentId: string): boolean {
    const now = this.now();
    this.forgetExpired(now);
    if (this.lastCheck.has(paymentId)) return false;
    this.lastCheck.set(paymentId, now);
    return true;
  }

  /** Drops the checks older than the interval, so the map holds only the payments asked about lately. */
  private forgetExpired(now: number): void {
    for (const [paymentId, at] of this.lastCheck) {
      if (now - at < this.intervalMs) return;
      this.lastCheck.delete(paymentId);
    }
  }
}
