import { existsSync } from 'node:fs';
import { createLogger, describeConfig, exitOnSignals, InternalClient, loadConfig, settings } from '@elts/platform';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { z } from 'zod';
import { stepActivities, stepsOverHttp } from './activities.js';
import { ensureReconciliationSchedule } from './schedules.js';
import { temporalConnectionSettings } from './settings.js';
import { workflowBundlePath } from './workflows-path.js';

export const workerSettings = temporalConnectionSettings.extend({
  NODE_ENV: settings.nodeEnv,
  LOG_LEVEL: settings.logLevel,
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** The payments service's instances, where the activities run their steps. */
  PAYMENTS_URLS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1)),
  SERVICE_TOKEN: settings.serviceToken,
  RECONCILE_EVERY_SECONDS: settings.positiveSeconds(300),
  /** normal: also ask the gateway about payments pending for a while; light: only fail overdue payments. */
  RECONCILE_MODE: z.enum(['normal', 'light']).default('normal'),
});

export type WorkerSettings = z.output<typeof workerSettings>;

/**
 * The workflow worker of the distributed topology (`npm run worker`): runs the payment-timeout, membership and
 * reconciliation workflows on TEMPORAL_TASK_QUEUE, their activities against the payments service, and keeps the
 * reconciliation schedule in line with the settings.
 */
export async function runWorker(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = loadConfig('worker', workerSettings, env);
  const logger = createLogger({
    name: 'worker',
    level: config.LOG_LEVEL,
    pretty: (config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty',
  });
  logger.info({ settings: describeConfig(workerSettings, config) }, 'starting the workflow worker');

  const clientConnection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE });
  const schedule = await ensureReconciliationSchedule(client, {
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    everySeconds: config.RECONCILE_EVERY_SECONDS,
    mode: config.RECONCILE_MODE,
  });
  logger.info({ schedule, everySeconds: config.RECONCILE_EVERY_SECONDS, mode: config.RECONCILE_MODE }, 'reconciliation schedule ready');

  const payments = new InternalClient({
    target: 'payments',
    baseUrls: config.PAYMENTS_URLS,
    token: config.SERVICE_TOKEN,
    timeoutMs: 60_000,
  });
  const codePath = workflowBundlePath();
  if (!existsSync(codePath)) throw new Error(`no workflow bundle at ${codePath}: build the workflows package (npm run build)`);
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    // Bundled once by the build: a restarted worker is polling again in seconds, not the minute a bundle takes.
    workflowBundle: { codePath },
    activities: stepActivities(stepsOverHttp(payments)),
  });
  const running = worker.run();
  // Shutting down lets running activities finish; the workflows themselves live on in Temporal.
  exitOnSignals(logger, async () => {
    worker.shutdown();
    await running;
  });
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, namespace: config.TEMPORAL_NAMESPACE }, 'worker running');
  try {
    await running;
  } finally {
    await connection.close();
    await clientConnection.close();
  }
}
