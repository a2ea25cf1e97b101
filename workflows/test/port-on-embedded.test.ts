import { DATABASE_KINDS, databaseAvailable, silentLogger } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { EmbeddedWorkflowPort, JobScheduler, STEP } from '../src/index.js';
import { CONTRACT_PLANS, describeWorkflowPortContract, sendCommittedAndRolledBack, timersDatabase } from './port-contract.js';

/** The workflow port's contract on the embedded driver: the timers table in a database of its own, polled often. */
for (const kind of DATABASE_KINDS) {
  describeWorkflowPortContract(`the embedded driver (${kind})`, databaseAvailable(kind), async (steps) => {
    const { db, database } = await timersDatabase(kind);
    const scheduler = new JobScheduler(db, { logger: silentLogger(), pollMs: 20 });
    const port = new EmbeddedWorkflowPort(scheduler, CONTRACT_PLANS).runSteps(steps.run);
    await scheduler.start();
    return {
      port,
      async close() {
        await scheduler.stop();
        await database.close();
      },
    };
  });
}

/** On the embedded driver a command's signals are its timers, written in its own transaction: no outbox between. */
describe('signals sent inside a transaction on the embedded driver', () => {
  it('schedules the timers of a committed change, and nothing for one that rolled back', async () => {
    const { db, database } = await timersDatabase();
    const scheduler = new JobScheduler(db, { logger: silentLogger(), pollMs: 20 });
    const port = new EmbeddedWorkflowPort(scheduler, CONTRACT_PLANS);
    const started = (paymentId: string) =>
      ({ kind: 'paymentStarted', paymentId, timeoutAt: new Date(Date.now() + 3600_000).toISOString() }) as const;
    try {
      await sendCommittedAndRolledBack(db, port, started('P-COMMITTED'), started('P-ROLLED-BACK'));
      expect((await scheduler.pending()).map((step) => [step.type, step.key])).toEqual([[STEP.timeout, 'P-COMMITTED']]);
    } finally {
      await database.close();
    }
  });
});
