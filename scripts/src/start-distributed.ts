import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@elts/contracts';
import { ensurePostgresDatabase, loadConfig } from '@elts/platform';
import { databaseUrlFor, distributedSettings, planDistributed } from './distributed-plan.js';
import { supervise } from './supervisor.js';

/** `npm run start:distributed`: every service and the gateway as separate processes, on PostgreSQL and NATS. */
let config: ReturnType<typeof distributedSettings.parse>;
let plans: ReturnType<typeof planDistributed>;
const serviceToken = process.env.SERVICE_TOKEN || randomBytes(32).toString('hex');
try {
  config = loadConfig('start:distributed', distributedSettings);
  plans = planDistributed(config, serviceToken, process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

for (const service of SERVICE_NAMES) await ensurePostgresDatabase(databaseUrlFor(config, service));
const root = fileURLToPath(new URL('../..', import.meta.url));
const running = supervise(plans, root, process.env);
console.log(`starting ${plans.length} processes; the product will answer on http://localhost:${config.PORT}`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    running.stop().then(() => process.exit(0));
  });
}
