import type { Logger } from '@elts/platform';
import { CLAIM_BATCH } from '../store/outbox-claims.js';

export interface DeliveryPass {
  claimed: number;
  delivered: number;
}

/**
 * An outbox's delivery passes (the mail's, the Web Push's): on a timer, and when kicked after a write; never two at once
 * in one process (several instances are kept apart by the outbox's claims).
 */
export abstract class DeliveryLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  protected constructor(
    protected readonly logger: Logger,
    private readonly what: string,
  ) {}

  /** Delivers what is due: how many rows it claimed, and how many of them went (or were settled without a failure). */
  abstract deliverPending(): Promise<DeliveryPass>;

  start(intervalMs = 2000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs delivery passes unless they are under way. */
  kick(): void {
    if (this.running) return;
    this.running = this.drain()
      .catch((error) => this.logger.warn({ err: error }, `${this.what} delivery pass failed`))
      .finally(() => {
        this.running = undefined;
      });
  }

  /**
   * Passes follow each other at once while each claims a full batch and delivers something (docs/decisions/0168): at
   * the timer's pace alone, a batch every two seconds, a drop's 15,000 mails would take 25 minutes. A pass whose rows
   * all failed (a server refusing) waits for the timer, so retries keep their spacing.
   */
  private async drain(): Promise<void> {
    for (;;) {
      const pass = await this.deliverPending();
      if (pass.claimed < CLAIM_BATCH || pass.delivered === 0) return;
    }
  }
}
