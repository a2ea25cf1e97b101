import { fileURLToPath } from 'node:url';
import {
  busAvailable,
  closedPort,
  createTestPostgresDatabase,
  databaseAvailable,
  deleteNamespacedStreams,
  dropTestPostgresDatabase,
  eventually,
  uniqueName,
} from '@elts/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProcessPlan } from '../src/distributed-plan.js';
import { supervise } from '../src/supervisor.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fromSource = (service: string) => ['--conditions=source', '--import', 'tsx', `services/${service}/src/main.ts`];

describe.runIf(databaseAvailable('postgres') && busAvailable('nats'))('distributed topology', () => {
  const output: string[] = [];
  const namespace = uniqueName('it');
  let databases: { identity: string; admin: string };
  let ports: { identity: number; admin: number };
  let running: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    databases = { identity: await createTestPostgresDatabase(), admin: await createTestPostgresDatabase() };
    ports = { identity: await closedPort(), admin: await closedPort() };
    const common = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      NATS_URL: inject('testNatsUrl'),
      NATS_NAMESPACE: namespace,
      SERVICE_TOKEN: 'x'.repeat(40),
      IDENTITY_URLS: `http://127.0.0.1:${ports.identity}`,
      ADMIN_BFF_URLS: `http://127.0.0.1:${ports.admin}`,
    };
    const plans: ProcessPlan[] = [
      {
        label: 'identity#1',
        args: fromSource('identity'),
        env: { ...common, PORT: String(ports.identity), DATABASE_URL: databases.identity },
      },
      { label: 'admin-bff#1', args: fromSource('admin-bff'), env: { ...common, PORT: String(ports.admin), DATABASE_URL: databases.admin } },
    ];
    running = supervise(plans, root, process.env, (line) => output.push(line));
    await eventually(
      async () => {
        const statuses = await Promise.all(
          Object.values(ports).map((port) =>
            fetch(`http://127.0.0.1:${port}/ready`).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        return statuses.every((status) => status === 200);
      },
      45_000,
      250,
    ).catch((error) => {
      throw new Error(`services did not become ready: ${error}\n${output.join('\n')}`);
    });
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
    await deleteNamespacedStreams(inject('testNatsUrl'), `${namespace}.`);
    if (databases) await Promise.all(Object.values(databases).map((url) => dropTestPostgresDatabase(url)));
  });

  it('passes an event from identity to admin-bff over NATS, each on its own PostgreSQL database', async () => {
    const res = await fetch(`http://127.0.0.1:${ports.identity}/user/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ravi',
        lastName: 'K',
        email: 'ravi@example.in',
        phone: '9876543210',
        option: 'campus',
        message: 'Hi',
      }),
    });
    expect(res.status).toBe(201);
    const admin = new pg.Client({ connectionString: databases.admin });
    await admin.connect();
    try {
      await eventually(async () => {
        const rows = await admin.query('select email from admin_bff.contact_messages').catch(() => ({ rows: [] }));
        return rows.rows.length === 1;
      }, 20_000);
      const identity = new pg.Client({ connectionString: databases.identity });
      await identity.connect();
      const stored = await identity.query('select type from identity.events');
      await identity.end();
      expect(stored.rows).toEqual([{ type: 'ContactMessageReceived' }]);
      // Each service owns its database: admin-bff's has no identity schema at all.
      const schemas = await admin.query("select schema_name from information_schema.schemata where schema_name = 'identity'");
      expect(schemas.rows).toEqual([]);
    } finally {
      await admin.end();
    }
  });

  it('refuses internal calls without the service token', async () => {
    const res = await fetch(`http://127.0.0.1:${ports.admin}/internal/anything`);
    expect(res.status).toBe(401);
    const forged = await fetch(`http://127.0.0.1:${ports.admin}/internal/anything`, { headers: { 'x-service-token': 'y'.repeat(40) } });
    expect(forged.status).toBe(401);
    const genuine = await fetch(`http://127.0.0.1:${ports.admin}/internal/anything`, { headers: { 'x-service-token': 'x'.repeat(40) } });
    expect(genuine.status).toBe(404);
  });
});
