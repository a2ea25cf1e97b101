import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@elts/contracts';
import { EXIT_BAD_CONFIG, ensurePostgresDatabase, exitOnConfigError, loadConfigs } from '@elts/platform';
import { databaseUrlFor, distributedSettings, instanceCountProblems, planDistributed } from './distributed-plan.js';
import { supervise } from './supervisor.js';

/** `npm run start:distributed`: every service and the gateway as separate processes, on PostgreSQL and NATS. */
const serviceToken = process.env.SERVICE_TOKEN || randomBytes(32).toString('hex');
const { config, plans } = await exitOnConfigError(async () => {
  const config = loadConfigs('start:distributed', { config: distributedSettings }, process.env, instanceCountProblems(process.env)).config;
  return { config, plans: planDistributed(config, serviceToken, process.env) };
});

for (const service of SERVICE_NAMES) await ensurePostgresDatabase(databaseUrlFor(config, service));
const root = fileURLToPath(new URL('../..', import.meta.url));
const running = supervise(plans, root, process.env);
console.log(`starting ${plans.length} processes; the product will answer on http://localhost:${config.PORT}`);
// A process with bad settings would fail the same way on every restart: stop, and say which one.
void running.badConfig.then(({ label }) => {
  console.error(`start:distributed stopped: ${label} cannot start with these settings (see its lines above)`);
  process.exit(EXIT_BAD_CONFIG);
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    running.stop().then(() => process.exit(0));
  });
}
