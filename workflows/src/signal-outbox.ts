import { type Logger, Wakeup, yieldToEventLoop } from '@elts/platform';
import { type Kysely, sql } from 'kysely';
import { type SignalSender, type WorkflowPort, type WorkflowSignal, workflowOf } from './port.js';

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

interface Claimed {
  id: string;
  workflow: string;
  signal: WorkflowSignal;
  attempts: number;
}

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
    await db
      .insertInto('workflow_signals')
      .values(signals.map((signal) => ({ workflow: workflowOf(signal), signal: JSON.stringify(signal) })))
      .execute();
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
    const rows = await this.db
      .selectFrom('workflow_signals')
      .select(['workflow', 'signal', 'attempts', 'last_error'])
      .orderBy('id')
      .execute();
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
    const result = await sql<Claimed>`
      update workflow_signals
      set claimed_until = now() + make_interval(secs => ${this.options.leaseSeconds ?? 30}), attempts = attempts + 1
      where id in (
        select s.id from workflow_signals s
        where s.next_attempt_at <= now() and (s.claimed_until is null or s.claimed_until < now())
          and not exists (select 1 from workflow_signals e where e.workflow = s.workflow and e.id < s.id)
        order by s.id
        limit ${this.options.batchSize ?? 100}
        for update skip locked
      )
      returning id, workflow, signal, attempts`.execute(this.db);
    return result.rows;
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
      await sql`update workflow_signals
        set claimed_until = null, next_attempt_at = now() + make_interval(secs => ${waitMs / 1000}),
          last_error = ${String(error instanceof Error ? error.message : error).slice(0, 500)}
        where id = ${row.id}`.execute(this.db);
      return false;
    }
    await sql`delete from workflow_signals where id = ${row.id}`.execute(this.db);
    return true;
  }
}
