import type { Logger } from '@elts/platform';

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

  /** Delivers what is due; how many it took. */
  abstract deliverPending(): Promise<number>;

  start(intervalMs = 2000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs a delivery pass unless one is under way. */
  kick(): void {
    if (this.running) return;
    this.running = this.deliverPending()
      .then(() => undefined)
      .catch((error) => this.logger.warn({ err: error }, `${this.what} delivery pass failed`))
      .finally(() => {
        this.running = undefined;
      });
  }
}
