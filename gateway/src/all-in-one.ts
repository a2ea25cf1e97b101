import { randomBytes } from 'node:crypto';
import { type RemotesManifest, SERVICE_NAMES, type ServiceName } from '@elts/contracts';
import {
  type BootedService,
  bootService,
  checkServiceSettings,
  type Infrastructure,
  inProcessUpstream,
  type Logger,
  loadConfigs,
  type NodeEnv,
  openInfrastructure,
  type ServiceModule,
  type Upstream,
} from '@elts/platform';
import type { Hono } from 'hono';
import { createGatewayApp } from './gateway-app.js';
import type { ThirdParties } from './security-headers.js';
import { SERVICE_MODULES } from './services.js';
import { edgeOptions, type GatewaySettings, gatewaySettings } from './settings.js';

export interface AllInOneOptions {
  logger: Logger;
  nodeEnv: NodeEnv;
  dataDir: string;
  databaseUrl?: string;
  natsUrl?: string;
  natsNamespace?: string;
  env: Record<string, string | undefined>;
  /** The token services check on /internal calls; random unless a rig that drives /internal itself (bench) sets it. */
  serviceToken?: string;
  web: { webDir: string; remotes: RemotesManifest; thirdParties?: ThirdParties };
}

export interface AllInOne {
  gateway: Hono<any>;
  services: Record<ServiceName, BootedService>;
  infrastructure: Infrastructure;
  stop(): Promise<void>;
}

/**
 * Every service and the gateway in one process: one PGlite (a schema per service) and the in-process bus by
 * default, services calling each other and the gateway calling them through their apps' fetch, except for the
 * session lookup of every request, which the gateway makes through identity's own function (decision 0052).
 */
export async function startAllInOne(options: AllInOneOptions): Promise<AllInOne> {
  // Every service's settings before anything opens: a bad one must not leave a half-migrated database behind.
  loadConfigs('all-in-one', serviceSchemas(), options.env);
  const infrastructure = await openInfrastructure({
    dataDir: options.dataDir,
    logger: options.logger,
    connectionName: `all-in-one:${process.pid}`,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.natsUrl ? { natsUrl: options.natsUrl } : {}),
    ...(options.natsNamespace ? { natsNamespace: options.natsNamespace } : {}),
  });
  // Nothing outside this process can reach /internal, but the services still check the token: same code path.
  const serviceToken = options.serviceToken ?? randomBytes(32).toString('hex');
  const services = {} as Record<ServiceName, BootedService>;
  try {
    for (const name of SERVICE_NAMES) {
      services[name] = await bootService(SERVICE_MODULES[name], {
        ...infrastructure,
        logger: options.logger,
        nodeEnv: options.nodeEnv,
        serviceToken,
        env: options.env,
        resolveService: (target) => ({
          fetch: (request) => {
            const booted = services[target as ServiceName];
            if (!booted) throw new Error(`Unknown service ${target}`);
            return booted.instance.app.fetch(request);
          },
        }),
      });
    }
    for (const name of SERVICE_NAMES) await services[name].instance.start?.();
  } catch (error) {
    await stopServices(services);
    await infrastructure.close();
    throw error;
  }
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, inProcessUpstream(name, services[name].instance.app)])) as Record<
    ServiceName,
    Upstream
  >;
  const gateway = createGatewayApp({
    logger: options.logger.child({ service: 'gateway' }),
    upstreams,
    ...(services.identity.instance.resolveSessions ? { sessions: services.identity.instance.resolveSessions } : {}),
    production: options.nodeEnv === 'production',
    serviceToken,
    ...options.web,
    ...edgeOptions(options.env),
    // Checked with identity's and payments' settings, which read the same variable.
    publicUrl: options.env.PUBLIC_URL,
  });
  return {
    gateway,
    services,
    infrastructure,
    async stop() {
      await stopServices(services);
      await infrastructure.close();
    },
  };
}

/** The all-in-one process's settings: the gateway's, checked together with every service's in one list of problems. */
export function loadAllInOneSettings(env: Record<string, string | undefined>): GatewaySettings {
  const parsed = loadConfigs('all-in-one', { process: gatewaySettings, ...serviceSchemas() }, env);
  const modules = SERVICE_NAMES.map((name): [ServiceModule, unknown] => [SERVICE_MODULES[name], parsed[name]]);
  checkServiceSettings('all-in-one', modules, parsed.process.NODE_ENV);
  return parsed.process;
}

function serviceSchemas(): Record<ServiceName, ServiceModule['configSchema']> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, SERVICE_MODULES[name].configSchema])) as Record<
    ServiceName,
    ServiceModule['configSchema']
  >;
}

async function stopServices(services: Partial<Record<ServiceName, BootedService>>): Promise<void> {
  await Promise.all(Object.values(services).map((booted) => booted?.instance.stop?.()));
}
