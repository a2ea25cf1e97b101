import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';

/**
 * Finds a PostgreSQL and a NATS server for the contract suites: the TEST_* settings first, then the servers this
 * project's machines run on their documented ports, then containers where a Docker engine answers. None found means
 * those adapters' suites report themselves skipped, loudly.
 */
export interface FoundServer {
  url: string;
  source: 'environment' | 'local service' | 'testcontainers';
  stop?: () => Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_NATS = 'nats://127.0.0.1:4222';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function natsAnswers(url: string): Promise<boolean> {
  try {
    const nc = await connect({ servers: url, timeout: 1500, maxReconnectAttempts: 0 });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export async function findPostgres(env = process.env): Promise<FoundServer | undefined> {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, source: 'environment' };
  if (await postgresAnswers(LOCAL_POSTGRES)) return { url: LOCAL_POSTGRES, source: 'local service' };
  if (!(await dockerAvailable())) return undefined;
  const { GenericContainer, Wait } = await import('testcontainers');
  const password = randomBytes(12).toString('hex');
  const container = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: password })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return {
    url: `postgres://postgres:${password}@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    source: 'testcontainers',
    stop: async () => {
      await container.stop();
    },
  };
}

export async function findNats(env = process.env): Promise<FoundServer | undefined> {
  if (env.TEST_NATS_URL) return { url: env.TEST_NATS_URL, source: 'environment' };
  if (await natsAnswers(LOCAL_NATS)) return { url: LOCAL_NATS, source: 'local service' };
  if (!(await dockerAvailable())) return undefined;
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('nats:2.10-alpine')
    .withCommand(['-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  return {
    url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
    source: 'testcontainers',
    stop: async () => {
      await container.stop();
    },
  };
}
