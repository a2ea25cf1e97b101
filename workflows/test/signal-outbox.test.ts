import type { Database } from '@elts/platform';
import { eventually, silentLogger } from '@elts/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignalOutbox, type WorkflowPort, type WorkflowSignal } from '../src/index.js';
import { sendCommittedAndRolledBack, timersDatabase } from './port-contract.js';

/** A driver that records what reaches it, and is down for the workflows listed in `down`. */
function recordingPort() {
  const delivered: WorkflowSignal[] = [];
  const down = new Set<string>();
  const port: WorkflowPort = {
    async deliver(signal) {
      const id = 'paymentId' in signal ? signal.paymentId : signal.subscriptionId;
      if (down.has(id)) throw new Error(`driver unreachable for ${id}`);
      delivered.push(signal);
    },
  };
  return { port, delivered, down };
}

const started = (paymentId: string): WorkflowSignal => ({ kind: 'paymentStarted', paymentId, timeoutAt: null });
const settled = (paymentId: string): WorkflowSignal => ({ kind: 'paymentSettled', paymentId });

describe('the workflow signal outbox', () => {
  let database: Database;
  let db: Kysely<any>;
  const outboxes: SignalOutbox[] = [];

  beforeAll(async () => {
    ({ db, database } = await timersDatabase());
  });
  afterAll(async () => {
    await Promise.all(outboxes.map((outbox) => outbox.stop()));
    await database?.close();
  });

  function outboxFor(port: WorkflowPort) {
    const outbox = new SignalOutbox(db, port, { logger: silentLogger(), pollMs: 20, maxBackoffMs: 200 });
    outboxes.push(outbox);
    return outbox;
  }

  it('sends only what a committed transaction sent', async () => {
    const driver = recordingPort();
    const outbox = outboxFor(driver.port);
    await sendCommittedAndRolledBack(db, outbox, started('P-COMMITTED'), started('P-ROLLED-BACK'));
    await outbox.deliverDue();
    expect(driver.delivered).toEqual([started('P-COMMITTED')]);
    expect(await outbox.waiting()).toEqual([]);
  });

  it('keeps a signal the driver would not take, and delivers it, in order, once the driver is back', async () => {
    const driver = recordingPort();
    driver.down.add('P-1');
    const outbox = outboxFor(driver.port);
    await outbox.send(db, started('P-1'), settled('P-1'), started('P-2'));
    outbox.start();
    // Another workflow's signal does not wait for one that cannot be delivered.
    await eventually(() => driver.delivered.length === 1);
    expect(driver.delivered).toEqual([started('P-2')]);
    await eventually(async () => ((await outbox.waiting())[0]?.attempts ?? 0) >= 2);
    const waiting = await outbox.waiting();
    expect(waiting.map((row) => row.signal)).toEqual([started('P-1'), settled('P-1')]);
    expect(waiting[0]?.lastError).toBe('driver unreachable for P-1');
    driver.down.delete('P-1');
    await eventually(async () => (await outbox.waiting()).length === 0);
    // A settlement never overtakes its start.
    expect(driver.delivered).toEqual([started('P-2'), started('P-1'), settled('P-1')]);
    await outbox.stop();
  });

  it('shares the work between instances without delivering a claimed signal twice at once', async () => {
    const driver = recordingPort();
    const [first, second] = [outboxFor(driver.port), outboxFor(driver.port)];
    const ids = Array.from({ length: 30 }, (_, index) => `P-SHARED-${index}`);
    await first!.send(db, ...ids.map(started));
    await Promise.all([first!.deliverDue(), second!.deliverDue()]);
    expect(driver.delivered.map((signal) => (signal as { paymentId: string }).paymentId).sort()).toEqual([...ids].sort());
  });
});
