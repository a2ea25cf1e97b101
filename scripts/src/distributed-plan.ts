import { createHash } from 'node:crypto';
import { GATEWAY_PORT, SERVICE_NAMES, SERVICES, type ServiceName } from '@elts/contracts';
import { serviceUrlsVariable, settings } from '@elts/platform';
import { z } from 'zod';

/** Settings of `npm run start:distributed`. Per-service instance counts are read as INSTANCES_<SERVICE>. */
export const distributedSettings = z.object({
  NODE_ENV: settings.nodeEnv,
  LOG_LEVEL: settings.logLevel,
  PORT: settings.port(GATEWAY_PORT),
  /** The PostgreSQL server; each service gets its own database on it, created if missing. */
  POSTGRES_URL: settings.postgresUrl.default('postgres://postgres@127.0.0.1:5432/postgres'),
  DATABASE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,30}$/, 'lower-case letters, digits and _ only')
    .default('elts_'),
  NATS_URL: settings.natsUrl.default('nats://127.0.0.1:4222'),
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  SERVICE_TOKEN: settings.serviceToken.optional(),
  /** Where the Temporal Web UI answers, when start:distributed runs Temporal itself. */
  TEMPORAL_UI_PORT: settings.port(8233),
  /** Where the Cashfree emulator answers (its API at /pg, its pages at /pay/simulator), run without Cashfree's credentials. */
  CASHFREE_EMULATOR_PORT: settings.port(4190),
});

export type DistributedSettings = z.output<typeof distributedSettings>;

export interface ProcessPlan {
  label: string;
  /** Arguments to node: the built entry point (tests run the sources through tsx instead). */
  args: string[];
  env: Record<string, string>;
}

const instanceCount = z.coerce.number().int().min(1).max(8).default(1);

export function instancesOf(name: string, env: Record<string, string | undefined>): number {
  const variable = `INSTANCES_${name.toUpperCase().replace(/-/g, '_')}`;
  const parsed = instanceCount.safeParse(env[variable] || undefined);
  if (!parsed.success) throw new Error(`${variable}: must be a whole number from 1 to 8`);
  return parsed.data;
}

/** Every bad INSTANCES_<SERVICE> (the gateway's included), to list with the other settings' problems. */
export function instanceCountProblems(env: Record<string, string | undefined>): string[] {
  return [...SERVICE_NAMES, 'gateway'].flatMap((name) => {
    try {
      instancesOf(name, env);
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  });
}

/** Instance i of a service listens on its port + 100 i (identity: 4101, 4201, ...). */
export function instancePort(service: ServiceName, index: number): number {
  return SERVICES[service].port + 100 * index;
}

export function databaseUrlFor(config: DistributedSettings, service: ServiceName): string {
  const url = new URL(config.POSTGRES_URL);
  url.pathname = `/${config.DATABASE_PREFIX}${service.replace(/-/g, '_')}`;
  return url.toString();
}

export const CASHFREE_EMULATOR_LABEL = 'cashfree-emulator';
const CASHFREE_EMULATOR_MAIN = 'services/payments/dist/cashfree-emulator-main.js';

/**
 * Without Cashfree's credentials, one Cashfree emulator process serves every payments instance, as Cashfree would
 * (decision 0159): they call it at its /pg with its credentials and send members to its pages; it keeps its records
 * in payments' database and sends Cashfree's webhooks to the first gateway's /webhooks/cashfree, the dashboard's
 * endpoint. Its credentials are made from the service token, so no two topologies share them.
 */
function cashfreeEmulator(config: DistributedSettings, serviceToken: string) {
  const origin = `http://127.0.0.1:${config.CASHFREE_EMULATOR_PORT}`;
  const credentials = {
    CASHFREE_CLIENT_ID: 'EMULATOR-CLIENT-ID',
    CASHFREE_CLIENT_SECRET: `cfsk_ma_emulator_${createHash('sha256').update(`cashfree-emulator:${serviceToken}`).digest('hex').slice(0, 32)}`,
  };
  return {
    payments: { ...credentials, CASHFREE_BASE_URL: `${origin}/pg`, CASHFREE_HOSTED_PAGES_URL: `${origin}/pay/simulator` },
    own: {
      ...credentials,
      PORT: String(config.CASHFREE_EMULATOR_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrlFor(config, 'payments'),
      CASHFREE_EMULATOR_WEBHOOK_URL: `http://127.0.0.1:${config.PORT}/webhooks/cashfree`,
    },
  };
}

/**
 * Every process of the distributed topology: each instance of each service on its own port and database, and the
 * gateway instances in front (PORT, PORT+1, ...), all told where every service's instances listen; without Cashfree's
 * credentials, the Cashfree emulator beside them.
 */
export function planDistributed(config: DistributedSettings, serviceToken: string, env: Record<string, string | undefined>): ProcessPlan[] {
  const urls: Record<string, string> = {};
  for (const service of SERVICE_NAMES) {
    const ports = Array.from({ length: instancesOf(service, env) }, (_, i) => instancePort(service, i));
    urls[serviceUrlsVariable(service)] = ports.map((port) => `http://127.0.0.1:${port}`).join(',');
  }
  const common = {
    NODE_ENV: config.NODE_ENV,
    LOG_LEVEL: config.LOG_LEVEL,
    SERVICE_TOKEN: serviceToken,
    ...(config.NATS_NAMESPACE ? { NATS_NAMESPACE: config.NATS_NAMESPACE } : {}),
    ...urls,
  };
  const emulator = env.CASHFREE_CLIENT_ID ? undefined : cashfreeEmulator(config, serviceToken);
  const plans: ProcessPlan[] = [];
  for (const service of SERVICE_NAMES) {
    for (let i = 0; i < instancesOf(service, env); i++) {
      const label = `${service}#${i + 1}`;
      plans.push({
        label,
        args: [`services/${service}/dist/main.js`],
        env: {
          ...common,
          // Kept across the launcher's restarts of it: the steps it was running when it died are its own to take back.
          INSTANCE_NAME: label,
          PORT: String(instancePort(service, i)),
          DATABASE_URL: databaseUrlFor(config, service),
          NATS_URL: config.NATS_URL,
          ...(service === 'payments' ? emulator?.payments : {}),
        },
      });
    }
  }
  for (let i = 0; i < instancesOf('gateway', env); i++) {
    plans.push({ label: `gateway#${i + 1}`, args: ['gateway/dist/main.js'], env: { ...common, PORT: String(config.PORT + i) } });
  }
  if (emulator) plans.push({ label: CASHFREE_EMULATOR_LABEL, args: [CASHFREE_EMULATOR_MAIN], env: { ...common, ...emulator.own } });
  // With TEMPORAL_ADDRESS (passed through to payments, which then hands its workflows to Temporal), the worker runs them.
  if (env.TEMPORAL_ADDRESS) plans.push({ label: 'worker', args: ['workflows/dist/worker.js'], env: common });
  return plans;
}
