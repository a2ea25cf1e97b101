import { randomUUID } from 'node:crypto';
import { startTestTemporal, temporalAvailability } from '@elts/scripts/testing';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startPayments } from './helpers.js';
import { CLOCK, describeRenewalMoneyRules } from './renewal-money-rules.js';
import { workerBeside } from './temporal-worker.js';

// The renewal money rules on Temporal (the scenarios: renewal-money-rules.ts): a real server this file starts, and a
// worker in this process whose activities call this payments service's step endpoint, as `npm run worker` does.
const temporal = await temporalAvailability();
if (!temporal.available) console.log(`[temporal] the renewal money rules on Temporal are skipped: ${temporal.why}`);

describeRenewalMoneyRules('Temporal', temporal.available, async () => {
  // The worker's start and stop lines at INFO would bury the test report.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const server = await startTestTemporal('default');
  const taskQueue = `elts-renewal-${randomUUID()}`;
  const payments = await startPayments('pglite', {
    ...CLOCK,
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_TASK_QUEUE: taskQueue,
  });
  const worker = await workerBeside(payments, { address: server.address, taskQueue });
  return {
    payments,
    async close() {
      await worker.close();
      await payments.close();
      await server.stop();
    },
  };
});
