import { type Logger, Wakeup, yieldToEventLoop } from '@elts/platform';
import type { Kysely } from 'kysely';
import { type SignalSender, type WorkflowPort, type WorkflowSignal, workflowOf } from './port.js';
import {
  type ClaimedSignal,
  claimDueSignals,
  deleteSignal,
  insertSignals,
  postponeSignal,
  waitingSignals,
} from './store/workflow-signals.js';

export interface SignalOutboxOptions {
  logger: Pick<Logger, 'warn'>;
  /** How often the relay looks for signals when nobody woke it (default 1000 ms). */
  pollMs?: number;
  batchSize?: number;
  /** How many signals of different workflows are delivered at once. */
  concurrency?: number;
  /** A claimed signal not delivered after this long is taken again (its relay died). */
  leaseSeconds?: number;
  /** The longest wait between two attempts at one signal (the wait doubles from half a second). */
  maxBackoffMs?: number;
}

type Claimed = ClaimedSignal;

/**
 * The way signals reach Temporal. `send` writes them in the caller's transaction, so they exist exactly
 * when the change that called for them committed; the relay then delivers them to the port, at least once: a
 * delivery that fails (Temporal unreachable, say) is tried again, waiting longer each time, and never dropped.
 * Signals of one workflow go in the order they were sent (a payment's settlement never overtakes its start);
 * signals of different workflows do not wait for each other. Several instances share the work: each claims a
 * signal for a short lease. Its table is in `signalOutboxMigrationsDir` (migrations.ts), which only payments applies.
 */
export class SignalOutbox implements SignalSender {
  private readonly wakeup = new Wakeup();
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<any>,
    private readonly port: WorkflowPort,
    private readonly options: SignalOutboxOptions,
  ) {}

  /** Adds signals inside the caller's transaction (`db` is that transaction): they leave only if it commits. */
  async send(db: Kysely<any>, ...signals: WorkflowSignal[]): Promise<void> {
    if (signals.length === 0) return;
    await insertSignals(
      db,
      signals.map((signal) => ({ workflow: workflowOf(signal), signal })),
    );
    // Early for a transaction still open (the relay then finds nothing yet; `wake` after the commit brings it back).
    this.wake();
  }

  /** Delivers what is waiting now rather than at the next poll: call after a commit that sent signals. */
  wake(): void {
    this.wakeup.wake();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeup.wake();
    await this.loop;
  }

  /** Signals not delivered yet, oldest first, with their attempts and last error (for tests and operators). */
  async waiting(): Promise<{ workflow: string; signal: WorkflowSignal; attempts: number; lastError: string | null }[]> {
    const rows = await waitingSignals(this.db);
    return rows.map((row) => ({ workflow: row.workflow, signal: row.signal, attempts: row.attempts, lastError: row.last_error }));
  }

  private async run(): Promise<void> {
    while (this.running) {
      let delivered = 0;
      try {
        delivered = await this.deliverDue();
      } catch (error) {
        this.options.logger.warn({ err: error }, 'workflow signal relay pass failed; will retry');
      }
      if (delivered === 0 && this.running) await this.wakeup.wait(this.options.pollMs ?? 1000);
      else await yieldToEventLoop();
    }
  }

  /** One pass: claims the oldest waiting signal of each workflow that is due, and delivers them. Returns how many. */
  async deliverDue(): Promise<number> {
    const claimed = await this.claim();
    const queue = [...claimed];
    let delivered = 0;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) if (await this.deliver(next)) delivered++;
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 8, queue.length) }, worker));
    return delivered;
  }

  private async claim(): Promise<Claimed[]> {
    return claimDueSignals(this.db, this.options.leaseSeconds ?? 30, this.options.batchSize ?? 100);
  }

  private async deliver(row: Claimed): Promise<boolean> {
    try {
      await this.port.deliver(row.signal);
    } catch (error) {
      const waitMs = Math.min(this.options.maxBackoffMs ?? 30_000, 500 * 2 ** (row.attempts - 1));
      this.options.logger.warn(
        { err: error, workflow: row.workflow, signal: row.signal.kind, attempts: row.attempts, retryInMs: waitMs },
        'workflow signal not delivered; will retry',
      );
      await postponeSignal(this.db, row.id, waitMs / 1000, String(error instanceof Error ? error.message : error).slice(0, 500));
      return false;
    }
    await deleteSignal(this.db, row.id);
    return true;
  }
}
