import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common';

/**
 * A real Temporal server (and its Web UI) on this machine, built from Go modules by scripts/temporal/build.sh
 * (decision 0031). Tests run it on in-memory SQLite on free ports; the distributed topology runs it on PostgreSQL.
 */

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface TemporalBinaries {
  server: string;
  sqlTool: string;
  uiServer: string;
}

/** Why there are no binaries, when there are none (Go missing or the build failing). */
export class TemporalUnavailable extends Error {}

const BUILD_SCRIPT = join(repositoryRoot, 'scripts/temporal/build.sh');

/** Builds the binaries if they are not there yet (minutes, once per machine) and says where they are. */
export async function temporalBinaries(): Promise<TemporalBinaries> {
  try {
    const { stdout } = await run('bash', [BUILD_SCRIPT], { maxBuffer: 16 * 1024 * 1024 });
    return temporalBinariesIn(stdout.trim().split('\n').at(-1) ?? '');
  } catch (error) {
    const { code, stderr } = error as { code?: number; stderr?: string };
    const said = (stderr ?? '').trim().split('\n').slice(-5).join('\n');
    throw new TemporalUnavailable(code === 3 ? said : `building the Temporal server failed (exit ${code}): ${said}`);
  }
}

/**
 * Starts the build detached, at the lowest CPU priority, without waiting: `temporalBinaries()` later waits for it under
 * build.sh's lock. Where `nice` or bash is missing, that later call builds instead, or says why it cannot.
 */
export function startTemporalBuild(): void {
  const build = spawn('nice', ['-n', '19', 'bash', BUILD_SCRIPT], { detached: true, stdio: 'ignore' });
  build.on('error', () => {});
  build.unref();
}

/** The three binaries, as build.sh leaves them side by side in one folder. */
export function temporalBinariesIn(folder: string): TemporalBinaries {
  return {
    server: join(folder, 'temporal-server'),
    sqlTool: join(folder, 'temporal-sql-tool'),
    uiServer: join(folder, 'temporal-ui-server'),
  };
}

export type TemporalStorage =
  | { kind: 'memory' }
  | {
      kind: 'postgres';
      host: string;
      port: number;
      user: string;
      password: string;
      databasePrefix: string;
      /** Connections each of its two databases may hold; 20 unless set (a test beside many processes sets fewer). */
      maxConnections?: number;
    };

export interface TemporalPorts {
  frontend: number;
  frontendHttp: number;
  history: number;
  matching: number;
  worker: number;
  membership: [number, number, number, number];
}

/** Listens on `port` (0: one the system picks) at 127.0.0.1; undefined when it is taken. */
function listenOn(port: number): Promise<import('node:net').Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * PostgreSQL stores a server's membership ports as `smallint`, so a server on it needs ports below 32768, where
 * listen(0) never picks (Linux hands out 32768 to 60999): ports are drawn from here instead, and tried.
 */
export const SMALLINT_PORTS = { from: 20_000, to: 32_767 };

/**
 * Ports nobody listens on now, for a server of our own beside whatever else runs here: the system's pick, or ones
 * drawn from `range`. Each is held until all are found, so none is handed out twice.
 */
export async function freePorts(count: number, range?: { from: number; to: number }): Promise<number[]> {
  const servers: import('node:net').Server[] = [];
  try {
    for (let tries = 0; servers.length < count; tries++) {
      if (tries > 100 * count) throw new Error(`no ${count} free ports between ${range?.from} and ${range?.to}`);
      const server = await listenOn(range ? range.from + Math.floor(Math.random() * (range.to - range.from + 1)) : 0);
      if (server) servers.push(server);
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export const DEFAULT_TEMPORAL_PORTS: TemporalPorts = {
  frontend: 7233,
  frontendHttp: 7243,
  history: 7234,
  matching: 7235,
  worker: 7239,
  membership: [6933, 6934, 6935, 6939],
};

/** Free ports for every service of a server; from `range` if given (SMALLINT_PORTS for a server on PostgreSQL). */
export async function freeTemporalPorts(range?: { from: number; to: number }): Promise<TemporalPorts> {
  const [frontend, frontendHttp, history, matching, worker, ...membership] = await freePorts(9, range);
  return {
    frontend: frontend!,
    frontendHttp: frontendHttp!,
    history: history!,
    matching: matching!,
    worker: worker!,
    membership: membership as TemporalPorts['membership'],
  };
}

const POSTGRES_DATABASES = { default: 'temporal', visibility: 'temporal_visibility' } as const;
const postgresDatabase = (storage: { databasePrefix: string }, which: keyof typeof POSTGRES_DATABASES) =>
  `${storage.databasePrefix}${POSTGRES_DATABASES[which]}`;

/** The two databases a PostgreSQL store with this prefix lives in (`<prefix>temporal`, `<prefix>temporal_visibility`). */
export function temporalDatabases(databasePrefix: string): string[] {
  return (Object.keys(POSTGRES_DATABASES) as (keyof typeof POSTGRES_DATABASES)[]).map((which) =>
    postgresDatabase({ databasePrefix }, which),
  );
}

/** A PostgreSQL store on the server at `postgresUrl` (its user and password; the database in the URL is not used). */
export function postgresStorage(postgresUrl: string, databasePrefix: string): Extract<TemporalStorage, { kind: 'postgres' }> {
  const url = new URL(postgresUrl);
  return {
    kind: 'postgres',
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || 'postgres'),
    password: decodeURIComponent(url.password),
    databasePrefix,
  };
}

function datastore(storage: TemporalStorage, which: keyof typeof POSTGRES_DATABASES) {
  if (storage.kind === 'memory')
    return {
      sql: {
        pluginName: 'sqlite',
        databaseName: 'default',
        // SQLite ignores the address, but the server's config checks require one.
        connectAddr: 'localhost',
        connectProtocol: 'tcp',
        connectAttributes: { mode: 'memory', cache: 'private' },
        maxConns: 1,
        maxIdleConns: 1,
        maxConnLifetime: '1h',
      },
    };
  return {
    sql: {
      pluginName: 'postgres12',
      databaseName: postgresDatabase(storage, which),
      connectAddr: `${storage.host}:${storage.port}`,
      connectProtocol: 'tcp',
      user: storage.user,
      password: storage.password,
      maxConns: storage.maxConnections ?? 20,
      maxIdleConns: storage.maxConnections ?? 20,
      maxConnLifetime: '1h',
    },
  };
}

/** The server's configuration: one process with all four services, bound to 127.0.0.1 (YAML accepts JSON). */
export function temporalConfig(storage: TemporalStorage, ports: TemporalPorts, dynamicConfigPath: string) {
  const service = (grpcPort: number, membershipPort: number, extra: Record<string, number> = {}) => ({
    rpc: { grpcPort, membershipPort, bindOnLocalHost: true, ...extra },
  });
  return {
    log: { stdout: true, level: 'warn' },
    persistence: {
      defaultStore: 'default',
      visibilityStore: 'visibility',
      // Fixed for the life of a database: a PostgreSQL store can never change it.
      numHistoryShards: storage.kind === 'memory' ? 1 : 4,
      datastores: { default: datastore(storage, 'default'), visibility: datastore(storage, 'visibility') },
    },
    global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
    services: {
      frontend: service(ports.frontend, ports.membership[0], { httpPort: ports.frontendHttp }),
      history: service(ports.history, ports.membership[1]),
      matching: service(ports.matching, ports.membership[2]),
      worker: service(ports.worker, ports.membership[3]),
    },
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: `127.0.0.1:${ports.frontend}`,
          httpAddress: `127.0.0.1:${ports.frontendHttp}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } },
    namespaceDefaults: { archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } } },
    dynamicConfigClient: { filepath: dynamicConfigPath, pollInterval: '10s' },
  };
}

/**
 * Dynamic settings as the CLI's development server sets them: a newly registered namespace and search attributes are
 * seen at once, and a test's bursts are not throttled.
 */
const DYNAMIC_CONFIG = {
  'system.forceSearchAttributesCacheRefreshOnRead': [{ value: true }],
  'frontend.namespaceRPS': [{ value: 10000 }],
  'frontend.persistenceMaxQPS': [{ value: 10000 }],
  'history.persistenceMaxQPS': [{ value: 10000 }],
  'matching.persistenceMaxQPS': [{ value: 10000 }],
  'worker.persistenceMaxQPS': [{ value: 10000 }],
};

/** Creates the two PostgreSQL databases and brings their schemas to the server's version (safe to run again). */
export async function preparePostgresStore(binaries: TemporalBinaries, storage: Extract<TemporalStorage, { kind: 'postgres' }>) {
  const schemaRoot = 'postgresql/v12';
  for (const which of ['default', 'visibility'] as const) {
    const database = postgresDatabase(storage, which);
    const schema = which === 'default' ? `${schemaRoot}/temporal` : `${schemaRoot}/visibility`;
    const global = ['--plugin', 'postgres12', '--ep', storage.host, '-p', String(storage.port), '-u', storage.user, '--db', database];
    const env = { ...process.env, SQL_PASSWORD: storage.password };
    await run(binaries.sqlTool, [...global, 'create'], { env }).catch((error: { stderr?: string }) => {
      if (!/already exists/i.test(error.stderr ?? '')) throw error;
    });
    await run(binaries.sqlTool, [...global, 'setup-schema', '-v', '0.0'], { env }).catch((error: { stderr?: string }) => {
      if (!/already exists|schema_version/i.test(error.stderr ?? '')) throw error;
    });
    await run(binaries.sqlTool, [...global, 'update-schema', '--schema-name', schema], { env });
  }
}

export interface RunningTemporal {
  address: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the server and resolves once its frontend answers and `namespace` is registered. */
export async function startTemporalServer(options: {
  /** The server binary (TemporalBinaries.server). */
  server: string;
  storage: TemporalStorage;
  ports: TemporalPorts;
  namespace: string;
  output?: (line: string) => void;
}): Promise<RunningTemporal> {
  const folder = await mkdtemp(join(tmpdir(), 'elts-temporal-'));
  const dynamicConfigPath = join(folder, 'dynamic.yaml');
  const configPath = join(folder, 'temporal.yaml');
  await writeFile(dynamicConfigPath, JSON.stringify(DYNAMIC_CONFIG));
  await writeFile(configPath, JSON.stringify(temporalConfig(options.storage, options.ports, dynamicConfigPath), null, 2));
  const child = spawn(options.server, ['--config-file', configPath, '--allow-no-auth', 'start'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      options.output?.(line);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const address = `127.0.0.1:${options.ports.frontend}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killed);
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await registerNamespace(address, options.namespace, () => exited);
  } catch (error) {
    await stop();
    throw new Error(`the Temporal server did not start: ${(error as Error).message}\n${recent.join('\n')}`);
  }
  return { address, process: child, stop };
}

/** Registers the namespace (a plain server has only temporal-system), waiting for the frontend to answer first. */
export async function registerNamespace(address: string, namespace: string, gaveUp: () => boolean = () => false, seconds = 90) {
  const deadline = Date.now() + seconds * 1000;
  let last: unknown;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await connection.workflowService
          .registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('3 days') })
          .catch((error: { code?: number }) => {
            // 6: ALREADY_EXISTS, from an earlier start on the same store.
            if (error.code !== 6) throw error;
          });
        await connection.workflowService.describeNamespace({ namespace });
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      last = error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(gaveUp() ? 'the server exited' : `no answer from ${address}: ${(last as Error)?.message}`);
}

/** The Temporal Web UI server, for operators, in front of the server at `grpcAddress`. */
export async function startTemporalUi(options: { binaries: TemporalBinaries; grpcAddress: string; port: number; namespace: string }) {
  const root = await mkdtemp(join(tmpdir(), 'elts-temporal-ui-'));
  await mkdir(join(root, 'config'));
  const config = {
    temporalGrpcAddress: options.grpcAddress,
    host: '127.0.0.1',
    port: options.port,
    enableUi: true,
    defaultNamespace: options.namespace,
    disableNewsFetch: true,
    cors: { cookieInsecure: true, allowOrigins: [`http://localhost:${options.port}`, `http://127.0.0.1:${options.port}`] },
  };
  await writeFile(join(root, 'config', 'operators.yaml'), JSON.stringify(config, null, 2));
  // Its lines are one per HTTP request: not for the product's console.
  const child = spawn(options.binaries.uiServer, ['--root', root, '--config', 'config', '--env', 'operators', 'start'], {
    stdio: 'ignore',
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    process: child,
    stop: async () => {
      child.kill('SIGTERM');
      await rm(root, { recursive: true, force: true });
    },
  };
}
