/**
 * Item 5, timeouts at volume: thousands of product payments started at once and never paid. The embedded driver
 * (durable timer rows, workflows/src/embedded/job-scheduler.ts) must fail each at its deadline; the lag is the time
 * from the deadline in PaymentInitiated to the PaymentFailed event, and the process's CPU is sampled every second
 * meanwhile. The server is not pinned here: "under one core" must be able to fail.
 *
 * Measured twice: on the default embedded PGlite, and at the 10,000 on PostgreSQL (the all-in-one process
 * with DATABASE_URL) when a server answers. PGlite runs every query on the process's one thread, at roughly 70 steps
 * a second here; 10,000 payments on it take longer than the whole bench may (BENCH_TIMEOUT_PAYMENTS sets its count).
 */
import { randomUUID } from 'node:crypto';
import { dropDatabases, POSTGRES_URL, reachable } from './client.js';
import { startServer } from './server-process.js';
import { distribution, type Figure } from './stats.js';

const GROUP = 'Timeouts at volume (embedded driver)';

const failureLagSql = `
  select extract(epoch from (e.recorded_at - (i.data->>'timeoutAt')::timestamptz)) * 1000 as lag
  from events i join events e on e.stream_id = i.stream_id and e.type = 'PaymentFailed'
  where i.type = 'PaymentInitiated'`;

const PGLITE_COUNT = Number(process.env.BENCH_TIMEOUT_PAYMENTS ?? 1_000);
const POSTGRES_COUNT = 10_000;

interface Run {
  label: string;
  count: number;
  timeoutS: number;
  env: Record<string, string>;
}

async function measure(run: Run): Promise<{ figures: Figure[]; raw: unknown; note: string }> {
  const { label, count, timeoutS } = run;
  // The back office's at-risk mark (decision 0043) must come before the timeout; nothing is scheduled for it.
  const atRiskS = timeoutS / 2;
  const server = await startServer(
    'all-in-one.ts',
    { SEED_DEMO_CATALOG: 'false', PAYMENT_AT_RISK_SECONDS: String(atRiskS), PAYMENT_TIMEOUT_SECONDS: String(timeoutS), ...run.env },
    false,
  );
  try {
    const scalar = async (text: string) => Number((await server.call<Array<{ n: number }>>('query', { schema: 'payments', text }))[0]?.n);
    const began = Date.now();
    const created = await server.call<{ ms: number }>('startPendingPayments', { count, width: 16 });
    const pendingAtOnce = await scalar(`select count(*)::int as n from payments where status = 'pending'`);
    console.log(`  ${label}: ${count} payments started in ${(created.ms / 1000).toFixed(0)} s, ${pendingAtOnce} pending at once`);

    // Sample CPU each second from now until every payment has failed (or a generous limit passes).
    const cpuPerSecond: number[] = [];
    let failed = 0;
    const limit = began + created.ms + (timeoutS + 120) * 1000;
    let previous = await server.usage();
    let previousAt = performance.now();
    while (Date.now() < limit) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = await server.usage();
      const at = performance.now();
      cpuPerSecond.push((now.cpuUs - previous.cpuUs) / ((at - previousAt) * 1000));
      previous = now;
      previousAt = at;
      failed = await scalar(`select count(*)::int as n from payments where status = 'failed' and auto_failed`);
      if (failed >= count) break;
    }
    const rows = async (text: string) =>
      (await server.call<Array<{ lag: number }>>('query', { schema: 'payments', text })).map((row) => Number(row.lag));
    const failLag = distribution(await rows(failureLagSql));
    // Only the busy seconds: from the first deadline on.
    const busy = cpuPerSecond.slice(Math.max(0, Math.floor((timeoutS * 1000 - created.ms) / 1000)));
    const peak = busy.length ? Math.max(...busy) : Number.NaN;
    const mean = busy.length ? busy.reduce((a, b) => a + b, 0) / busy.length : Number.NaN;
    const figure = (name: string, value: number, unit: string, target?: Figure['target']): Figure => ({
      group: GROUP,
      label: `${label}: ${name}`,
      value,
      unit,
      ...(target ? { target } : {}),
    });
    return {
      figures: [
        figure(`payments started (in ${(created.ms / 1000).toFixed(0)} s)`, count, ''),
        figure('pending at once', pendingAtOnce, ''),
        figure('failed by their timeout', failed, '', { op: '==', value: count }),
        figure('failure lag p50', failLag.p50 / 1000, 's'),
        figure('failure lag p99', failLag.p99 / 1000, 's'),
        figure('failure lag max', failLag.max / 1000, 's', { op: '<=', value: 30 }),
        figure('process CPU, busiest second', peak, 'cores', { op: '<', value: 1 }),
        figure('process CPU, mean from the first deadline', mean, 'cores'),
      ],
      raw: { label, count, timeoutS, createdMs: created.ms, pendingAtOnce, failed, failLag, cpuPerSecond },
      note: `Timeouts, ${label}: ${count} payments with a timeout after ${timeoutS} s (shortened from 15 minutes, so the wave of failures and the start overlap); the lag is measured from each payment's own deadline.`,
    };
  } finally {
    await server.stop();
  }
}

export async function measureTimeouts(quick: boolean): Promise<{ figures: Figure[]; raw: unknown; notes: string[] }> {
  const runs: Run[] = [{ label: 'PGlite', count: quick ? 300 : PGLITE_COUNT, timeoutS: quick ? 30 : 60, env: {} }];
  const notes: string[] = [];
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/elts_bench_timeouts_${randomUUID().slice(0, 8)}`;
  if (quick) notes.push('Timeouts on PostgreSQL run only in a full run.');
  else if (await reachable(POSTGRES_URL)) {
    runs.push({ label: 'PostgreSQL', count: POSTGRES_COUNT, timeoutS: 60, env: { DATABASE_URL: databaseUrl.href } });
  } else notes.push(`Timeouts on PostgreSQL were not measured: nothing answers at ${POSTGRES_URL}.`);
  const figures: Figure[] = [];
  const raw: unknown[] = [];
  try {
    for (const run of runs) {
      const result = await measure(run);
      figures.push(...result.figures);
      raw.push(result.raw);
      notes.push(result.note);
    }
  } finally {
    if (runs.length > 1) await dropDatabases([databaseUrl.href]);
  }
  return { figures, raw, notes };
}
