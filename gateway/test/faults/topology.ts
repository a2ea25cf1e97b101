import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, type ServiceName } from '@elts/contracts';
import { ensurePostgresDatabase } from '@elts/platform';
import { allReady, closedPortRun, deleteNamespacedStreams, eventually, TcpProxy, uniqueName } from '@elts/platform/testing';
import {
  CASHFREE_EMULATOR_LABEL,
  databaseUrlFor,
  distributedSettings,
  instancePort,
  instancesOf,
  planDistributed,
  type Supervised,
  supervise,
} from '@elts/scripts';
import pg from 'pg';
import { ADMIN, type ProductClient, productClient } from '../support/client.js';

/**
 * The distributed topology as `npm run start:distributed` runs it (the built services, each instance its own
 * process, on PostgreSQL and NATS), with two instances of everything, and with PostgreSQL and NATS reached through
 * relays the suite can cut: an outage as the services see it, without stopping servers the machine shares.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const INSTANCES = 2;

/** Payment timeouts of the suites (shortened, not faked): orders left unpaid fail by themselves after this long. */
export const TIMEOUT_SECONDS = 45;

/** The product's settings in the fault suites: shortened clocks, and what a stream of purchases needs. */
export const FAULT_SETTINGS = {
  SEED_DEMO_CATALOG: 'false',
  RATE_LIMITS: 'off',
  PAYMENT_AT_RISK_SECONDS: '25',
  PAYMENT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
  WORKFLOW_POLL_MS: '250',
  // A payment whose webhook died with its process is settled by asking the gateway, as in production, only sooner.
  RECONCILE_EVERY_SECONDS: '10',
  RECONCILE_PENDING_AFTER_SECONDS: '5',
  // A hold whose order was never recorded (orders died before it could) is given back when it expires; here after
  // 66 s, still longer than the payment timeout, as in production.
  HOLD_MINUTES: '1.1',
  HOLD_SWEEP_SECONDS: '5',
  ORDER_HOLD_MINUTES: '1',
  // Each buyer here keeps buying, with unpaid orders left to time out besides: the cap on a member's unpaid orders
  // (2 by default) has its own tests (services/orders/test/purchase-limits.test.ts).
  UNPAID_ORDERS_PER_MEMBER: '1000',
};

export interface Topology {
  client: ProductClient;
  /** A client of these gateways only. */
  through(ports: number[]): ProductClient;
  /** The gateways' ports, in order; the client spreads its calls over them. */
  gateways: number[];
  supervisor: Supervised;
  postgres: TcpProxy;
  nats: TcpProxy;
  /** Each process's label (`orders#1`, `gateway#2`) with the port it answers on. */
  processes: { label: string; port: number }[];
  /** The processes that answer on no port: the workflow worker, when TEMPORAL_ADDRESS is set. */
  background: string[];
  /**
   * The Cashfree emulator every payments instance calls as Cashfree (a process of its own, which the suites never
   * kill: it stands for Cashfree): its origin, where members pay and its renewal switch answers.
   */
  cashfree: { label: string; origin: string };
  /**
   * What "Cashfree" holds, as the emulator keeps its records in payments' database (written a couple of seconds
   * after they change): its orders with their refunds, and its subscriptions with their payments and refunds.
   */
  cashfreeRecords(): Promise<CashfreeRecords>;
  /** Runs SQL on a service's own database, directly (not through the relay the suite cuts). */
  query<Row>(service: ServiceName, text: string, values?: unknown[]): Promise<Row[]>;
  /** Resolves once every process answers /ready with 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** How many API requests (health and readiness checks aside) each process has answered so far, by label. */
  served(): Record<string, number>;
  /** Whether the process's current run (since its last start) has logged this message at INFO (`worker running`). */
  saidSinceStart(label: string, message: string): boolean;
  /** The last lines the processes printed (or one process, by its label), for a failure's message. */
  output(label?: string): string;
  stop(): Promise<void>;
}

/** The emulator's records as kept (its snapshot's `state`), in the parts the suites read. */
export interface CashfreeRecords {
  orders: { order_id: string; refunds: { refund_id: string; refund_amount: number; refund_status: string }[] }[];
  subscriptions: {
    subscription_id: string;
    status: string;
    payments: { payment_id: string; payment_type: string; payment_status: string }[];
    refunds: { payment_id: string; refund_id: string; refund_status: string }[];
  }[];
}

interface KeptSnapshot {
  state: {
    orders: [string, { refunds: CashfreeRecords['orders'][number]['refunds'] }][];
    subscriptions: [
      string,
      {
        entity: { subscription_status: string };
        payments: [string, CashfreeRecords['subscriptions'][number]['payments'][number]][];
        refunds: CashfreeRecords['subscriptions'][number]['refunds'];
      },
    ][];
  };
}

/** The topology with the product's settings `env`; with TEMPORAL_ADDRESS among them, the worker runs too. */
export async function startTopology(postgresUrl: string, natsUrl: string, env: Record<string, string>): Promise<Topology> {
  const postgres = await TcpProxy.forUrl(postgresUrl).start();
  const nats = await TcpProxy.forUrl(natsUrl).start();
  // The gateways listen on PORT and the next ports, the emulator on its own, and each is restarted after a kill -9:
  // ports no outgoing connection can take meanwhile.
  const gatewayPort = await closedPortRun(INSTANCES);
  const emulatorPort = await closedPortRun(1);
  const namespace = uniqueName('faults');
  const prefix = `${uniqueName('faults_')}_`;
  const counts = Object.fromEntries(
    [...SERVICE_NAMES, 'gateway'].map((name) => [`INSTANCES_${name.toUpperCase().replace(/-/g, '_')}`, String(INSTANCES)]),
  );
  const settings = (url: string) =>
    distributedSettings.parse({
      NODE_ENV: 'test',
      // Info, for the one line each answered request logs: counted per process to prove the instances share the load.
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'info',
      PORT: String(gatewayPort),
      POSTGRES_URL: url,
      DATABASE_PREFIX: prefix,
      NATS_URL: nats.rewrite(natsUrl).replace(/\/$/, ''),
      NATS_NAMESPACE: namespace,
      CASHFREE_EMULATOR_PORT: String(emulatorPort),
    });
  const relayed = settings(postgres.rewrite(postgresUrl));
  const direct = settings(postgresUrl);
  for (const service of SERVICE_NAMES) await ensurePostgresDatabase(databaseUrlFor(direct, service));

  const plans = planDistributed(
    relayed,
    's'.repeat(40),
    env.TEMPORAL_ADDRESS ? { ...counts, TEMPORAL_ADDRESS: env.TEMPORAL_ADDRESS } : counts,
  );
  const lines: string[] = [];
  const served: Record<string, number> = {};
  // Which start of each process last logged each INFO message (a line always comes from the current run).
  const lastSaidIn = new Map<string, number>();
  // Info records (a header line and its indented fields) are counted, and kept for a failure's message only when asked.
  const keepInfo = process.env.FAULTS_LOG_LEVEL !== undefined;
  const inInfo = new Set<string>();
  const supervisor = supervise(
    plans,
    ROOT,
    { ...process.env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...env },
    (line) => {
      const [, label = '', rest = ''] = /^\[([^\]]+)\] (.*)$/.exec(line) ?? [];
      const header = /^\[[\d:.]+\] (\w+) \([^)]*\): (.*)$/.exec(rest);
      if (header) {
        if (header[1] === 'INFO') inInfo.add(label);
        else inInfo.delete(label);
        if (header[1] === 'INFO') lastSaidIn.set(`${label}\n${header[2]}`, supervisor.starts(label));
        if (header[1] === 'INFO' && header[2] === 'request') served[label] = (served[label] ?? 0) + 1;
      } else if (!rest.startsWith(' ')) inInfo.delete(label);
      if (inInfo.has(label) && !keepInfo) return;
      lines.push(line);
      if (lines.length > 2000) lines.shift();
    },
  );

  const processes = [
    ...SERVICE_NAMES.flatMap((service) =>
      Array.from({ length: instancesOf(service, counts) }, (_, i) => ({ label: `${service}#${i + 1}`, port: instancePort(service, i) })),
    ),
    ...Array.from({ length: INSTANCES }, (_, i) => ({ label: `gateway#${i + 1}`, port: gatewayPort + i })),
  ];
  const gateways = processes.filter((p) => p.label.startsWith('gateway')).map((p) => p.port);
  const background = plans
    .filter((plan) => plan.label !== CASHFREE_EMULATOR_LABEL && !processes.some((p) => p.label === plan.label))
    .map((plan) => plan.label);
  const cashfree = { label: CASHFREE_EMULATOR_LABEL, origin: `http://127.0.0.1:${emulatorPort}` };

  // A load balancer's view: calls take turns over the gateways, and one that refuses the connection is skipped.
  const through = (ports: number[]) => {
    let turn = 0;
    return productClient(
      async (path, init) => {
        let lastError: unknown;
        for (let tried = 0; tried < ports.length; tried++) {
          const port = ports[turn++ % ports.length];
          try {
            return await fetch(`http://127.0.0.1:${port}${path}`, init);
          } catch (error) {
            lastError = error;
            if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') throw error;
          }
        }
        throw lastError;
      },
      [cashfree.origin],
    );
  };

  const pools = new Map<ServiceName, pg.Pool>();
  const query = async <Row>(service: ServiceName, text: string, values: unknown[] = []): Promise<Row[]> => {
    let pool = pools.get(service);
    if (!pool) {
      pool = new pg.Pool({ connectionString: databaseUrlFor(direct, service), max: 2 });
      pools.set(service, pool);
    }
    const client = await pool.connect();
    try {
      await client.query(`set search_path to ${service.replace(/-/g, '_')}`);
      return (await client.query(text, values)).rows as Row[];
    } finally {
      client.release();
    }
  };

  // The emulator answers /ready once it has read what it kept (after payments made the table for it).
  const ready = (timeoutMs = 90_000) => eventually(() => allReady([...processes.map(({ port }) => port), emulatorPort]), timeoutMs, 250);

  const cashfreeRecords = async (): Promise<CashfreeRecords> => {
    const [row] = await query<{ records: KeptSnapshot }>('payments', 'select records from cashfree_emulator_records where id = 1');
    if (!row) return { orders: [], subscriptions: [] };
    return {
      orders: row.records.state.orders.map(([orderId, order]) => ({ order_id: orderId, refunds: order.refunds })),
      subscriptions: row.records.state.subscriptions.map(([subscriptionId, subscription]) => ({
        subscription_id: subscriptionId,
        status: subscription.entity.subscription_status,
        payments: subscription.payments.map(([, payment]) => payment),
        refunds: subscription.refunds,
      })),
    };
  };

  return {
    client: through(gateways),
    through,
    gateways,
    supervisor,
    postgres,
    nats,
    processes,
    background,
    cashfree,
    cashfreeRecords,
    query,
    ready,
    served: () => ({ ...served }),
    saidSinceStart: (label, message) => lastSaidIn.get(`${label}\n${message}`) === supervisor.starts(label),
    output: (label) => (label ? lines.filter((line) => line.startsWith(`[${label}] `)) : lines).slice(-120).join('\n'),
    async stop() {
      await supervisor.stop();
      await Promise.all([...pools.values()].map((pool) => pool.end()));
      await postgres.close();
      await nats.close();
      await deleteNamespacedStreams(natsUrl, `${namespace}.`);
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        for (const service of SERVICE_NAMES) {
          const name = new URL(databaseUrlFor(direct, service)).pathname.slice(1);
          await admin.query(`drop database if exists "${name}" with (force)`);
        }
      } finally {
        await admin.end();
      }
    },
  };
}
