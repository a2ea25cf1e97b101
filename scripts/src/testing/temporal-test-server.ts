import { once } from 'node:events';
import { dirname } from 'node:path';
import { dropTestPostgresDatabase } from '@elts/platform/testing';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import {
  freeTemporalPorts,
  postgresStorage,
  preparePostgresStore,
  type RunningTemporal,
  SMALLINT_PORTS,
  startTemporalServer,
  TemporalUnavailable,
  temporalBinaries,
  temporalBinariesIn,
  temporalDatabases,
} from '../temporal/temporal-server.js';

/**
 * Whether this run can have a Temporal server, and if not, why (for describe.skipIf and its message). It waits for the
 * binaries: on a machine's first run their build (started in the background by the global setup, or by CI) can take
 * minutes, so a suite awaits this at its top level, where no hook's time limit applies, and the suites that need it run
 * last (temporal-last-sequencer.ts). Where they cannot be had (no Go) the suites skip and say why, unless
 * TEMPORAL_REQUIRED=1 (CI), which fails them instead.
 */
export async function temporalAvailability(): Promise<{ available: boolean; why: string }> {
  try {
    await temporalBinaries();
    return { available: true, why: '' };
  } catch (error) {
    if (!(error instanceof TemporalUnavailable)) throw error;
    if (process.env.TEMPORAL_REQUIRED === '1') throw new Error(`TEMPORAL_REQUIRED=1 but the Temporal suites cannot run: ${error.message}`);
    return { available: false, why: error.message };
  }
}

async function serverBinary(): Promise<string> {
  return (await temporalBinaries()).server;
}

/**
 * A Temporal server of the test file's own: in-memory SQLite on free ports, the namespace registered. Its state dies
 * with it, so files cannot see each other's workflows.
 */
export async function startTestTemporal(namespace = 'default'): Promise<RunningTemporal> {
  return startTemporalServer({ server: await serverBinary(), storage: { kind: 'memory' }, ports: await freeTemporalPorts(), namespace });
}

/** A Temporal server a suite may crash and start again; what it had accepted lives on in PostgreSQL. */
export interface DurableTestTemporal {
  address: string;
  /** How many times the server has been started: 1 until it is killed and restarted. */
  starts(): number;
  /** Kills the server with SIGKILL, as a crash would, and resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and store; resolves once it answers with the namespace registered. */
  restart(): Promise<void>;
  /** Which of these workflow ids the server has no execution of (never started, as a start lost on the way would be). */
  workflowsMissing(workflowIds: string[]): Promise<string[]>;
  /** The server's last lines (it logs warnings and errors only), for a failure's message. */
  output(): string;
  /** Stops the server and drops its two databases. */
  stop(): Promise<void>;
}

/**
 * A Temporal server on PostgreSQL (`<databasePrefix>temporal` and `<databasePrefix>temporal_visibility` on the server
 * at `postgresUrl`, created and migrated here) on free ports, for fault suites: unlike the in-memory one, killing it
 * loses nothing, so a suite can show that timers, signals and schedules survive a crash of the server.
 */
export async function startDurableTestTemporal(
  postgresUrl: string,
  databasePrefix: string,
  namespace = 'default',
): Promise<DurableTestTemporal> {
  const server = await serverBinary();
  // Few connections: the machine's PostgreSQL (100 by default) also carries the processes of the topology under test.
  const storage = { ...postgresStorage(postgresUrl, databasePrefix), maxConnections: 5 };
  const dropDatabases = async () => {
    for (const name of temporalDatabases(databasePrefix)) {
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      await dropTestPostgresDatabase(url.toString());
    }
  };
  await preparePostgresStore(temporalBinariesIn(dirname(server)), storage);
  const ports = await freeTemporalPorts(SMALLINT_PORTS);
  const lines: string[] = [];
  const output = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
  };
  let starts = 0;
  const start = async () => {
    const started = await startTemporalServer({ server, storage, ports, namespace, output });
    starts++;
    return started;
  };
  let running: RunningTemporal | undefined = await start().catch(async (error) => {
    await dropDatabases();
    throw error;
  });
  const address = running.address;
  return {
    address,
    starts: () => starts,
    async kill() {
      if (!running) throw new Error('the Temporal server is not running');
      const { process: child } = running;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }
      // Only its configuration folder is left to remove: the process is gone.
      await running.stop();
      running = undefined;
    },
    async restart() {
      if (running) throw new Error('the Temporal server is still running');
      running = await start();
    },
    async workflowsMissing(workflowIds) {
      const connection = await Connection.connect({ address });
      try {
        const client = new Client({ connection, namespace });
        const missing: string[] = [];
        for (const workflowId of workflowIds) {
          await client.workflow
            .getHandle(workflowId)
            .describe()
            .catch((error) => {
              if (!(error instanceof WorkflowNotFoundError)) throw error;
              missing.push(workflowId);
            });
        }
        return missing;
      } finally {
        await connection.close();
      }
    },
    output: () => lines.join('\n'),
    async stop() {
      await running?.stop();
      running = undefined;
      await dropDatabases();
    },
  };
}
