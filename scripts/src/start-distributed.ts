import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@elts/contracts';
import { EXIT_BAD_CONFIG, ensurePostgresDatabase, exitOnConfigError, loadConfigs } from '@elts/platform';
import { databaseUrlFor, distributedSettings, instanceCountProblems, planDistributed } from './distributed-plan.js';
import { supervise } from './supervisor.js';
import { startDistributedTemporal } from './temporal/distributed-temporal.js';

/** `npm run start:distributed`: every service and the gateway as separate processes, on PostgreSQL and NATS. */
const serviceToken = process.env.SERVICE_TOKEN || randomBytes(32).toString('hex');
const { config, plans } = await exitOnConfigError(async () => {
  const config = loadConfigs('start:distributed', { config: distributedSettings }, process.env, instanceCountProblems(process.env)).config;
  return { config, plans: planDistributed(config, serviceToken, process.env) };
});

for (const service of SERVICE_NAMES) await ensurePostgresDatabase(databaseUrlFor(config, service));
// Without a Temporal server of the operator's own (TEMPORAL_ADDRESS), run ours on the same PostgreSQL, with its Web UI:
// payments and the worker learn its address as if it had been set (decision 0031).
const temporal = process.env.TEMPORAL_ADDRESS
  ? undefined
  : await startDistributedTemporal({
      postgresUrl: config.POSTGRES_URL,
      databasePrefix: config.DATABASE_PREFIX,
      namespace: process.env.TEMPORAL_NAMESPACE || 'default',
      uiPort: config.TEMPORAL_UI_PORT,
      write: (line) => console.log(line),
    });
if (temporal) process.env.TEMPORAL_ADDRESS = temporal.address;
const processes = temporal ? planDistributed(config, serviceToken, process.env) : plans;
const root = fileURLToPath(new URL('../..', import.meta.url));
const running = supervise(processes, root, process.env);
console.log(`starting ${processes.length} processes; the product will answer on http://localhost:${config.PORT}`);
if (temporal) console.log(`Temporal at ${temporal.address}; its Web UI for operators on ${temporal.uiUrl}`);
// A process with bad settings would fail the same way on every restart: stop, and say which one.
void running.badConfig.then(({ label }) => {
  console.error(`start:distributed stopped: ${label} cannot start with these settings (see its lines above)`);
  void Promise.resolve(temporal?.stop()).then(() => process.exit(EXIT_BAD_CONFIG));
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    running
      .stop()
      .then(() => temporal?.stop())
      .then(() => process.exit(0));
  });
}
