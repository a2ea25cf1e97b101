/**
 * The whole product in one process, as the bench measures it: the all-in-one topology from source (like
 * e2e/src/serve-product.ts), plus IPC handlers for the figures no public endpoint gives (its CPU time, a read of a
 * service's tables, when a payment's events reached each projection). Prints `listening <port>` once it serves.
 * Environment: DATA_DIR (required), PORT, and any product setting (DATABASE_URL, NATS_URL, PAYMENT_TIMEOUT_SECONDS...).
 * BENCH_LOG_LEVEL (warn, error...) writes the product's own log lines to stderr, which the bench shows: silent
 * otherwise, so logging is not part of what is measured.
 */
import { startAllInOne } from '@elts/gateway';
import { createLogger, listen, sql } from '@elts/platform';
import { silentLogger } from '@elts/platform/testing';
import { serveIpc } from './ipc.js';
import { BENCH_SERVICE_TOKEN, startPendingPayments } from './pending-payments.js';
import { watchPayment } from './propagation-probe.js';
import { countStatements } from './statement-count.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');

// Counting from before the product opens its pools, so every client it makes is counted.
const statements = countStatements();
const started = performance.now();
const product = await startAllInOne({
  logger: process.env.BENCH_LOG_LEVEL
    ? createLogger({ name: 'bench', level: process.env.BENCH_LOG_LEVEL, destination: process.stderr })
    : silentLogger(),
  nodeEnv: 'test',
  dataDir,
  env: process.env,
  serviceToken: BENCH_SERVICE_TOKEN,
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.NATS_URL ? { natsUrl: process.env.NATS_URL } : {}),
  ...(process.env.NATS_NAMESPACE ? { natsNamespace: process.env.NATS_NAMESPACE } : {}),
  web: {
    webDir: process.env.WEB_DIR ?? '/nonexistent',
    remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
  },
});
const bootMs = performance.now() - started;
const { port } = await listen(product.gateway, Number(process.env.PORT ?? 0), '127.0.0.1');

const database = product.infrastructure.database;
serveIpc({
  bootMs: () => bootMs,
  /** Rows of one query against one service's schema (the bench's own fixed queries only). */
  query: async ({ schema, text }: { schema: string; text: string }) => (await sql.raw(text).execute(database.forSchema(schema))).rows,
  watchPayment: (args: { orderId: string; timeoutMs: number }) => watchPayment(database, args),
  /** The statements sent PostgreSQL so far, by text (cumulative: the bench takes the difference around a drop). */
  statements: () => statements.snapshot(),
  startPendingPayments: (args: { count: number; width: number }) => startPendingPayments(product.services.payments.instance.app, args),
});
console.log(`listening ${port}`);

process.once('SIGTERM', async () => {
  await product.stop();
  process.exit(0);
});
