import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError, describeConfig, loadConfigs } from '../config/load-config.js';
import { createLogger } from '../logging/logger.js';
import { bootService } from './boot.js';
import { openInfrastructure } from './infrastructure.js';
import { instanceNameOf, nameThisInstance } from './instance-name.js';
import { closeServer, exitOnConfigError, exitOnSignals, listen } from './lifecycle.js';
import { prettyLogs, serviceUrlsVariable, withPort } from './process-settings.js';
import { checkServiceSettings, type ServiceModule } from './service-module.js';

/**
 * Runs one service as its own process: against PostgreSQL and NATS in the distributed topology, or on its own
 * PGlite and in-process bus when those are not configured (handy for working on one service alone).
 */
export function runStandaloneService(module: ServiceModule, defaultPort: number, env = process.env): Promise<void> {
  return exitOnConfigError(() => run(module, defaultPort, env));
}

async function run(module: ServiceModule, defaultPort: number, env: NodeJS.ProcessEnv): Promise<void> {
  const schema = withPort(defaultPort);
  // The process's settings and the service's own, all checked before anything is opened.
  const parsed = loadConfigs(
    module.name,
    { process: schema, service: module.configSchema },
    env,
    env.NODE_ENV === 'production' && !env.SERVICE_TOKEN ? ['SERVICE_TOKEN: required in production'] : [],
  );
  const settings = parsed.process;
  checkServiceSettings(module.name, [[module, parsed.service]], settings.NODE_ENV);
  const logger = createLogger({ name: module.name, level: settings.LOG_LEVEL, pretty: prettyLogs(settings) });
  logger.info({ settings: describeConfig(schema, settings) }, 'starting');
  const name = instanceNameOf(settings);
  if (name) nameThisInstance(name);
  const serviceToken = settings.SERVICE_TOKEN ?? randomBytes(32).toString('hex');
  const infrastructure = await openInfrastructure({
    ...(settings.DATABASE_URL ? { databaseUrl: settings.DATABASE_URL } : {}),
    ...(settings.NATS_URL ? { natsUrl: settings.NATS_URL } : {}),
    ...(settings.NATS_NAMESPACE ? { natsNamespace: settings.NATS_NAMESPACE } : {}),
    dataDir: join(settings.DATA_DIR, module.name),
    logger,
    connectionName: `${module.name}:${process.pid}`,
  });
  try {
    const { instance } = await bootService(module, {
      ...infrastructure,
      logger,
      nodeEnv: settings.NODE_ENV,
      serviceToken,
      env,
      resolveService(target) {
        const variable = serviceUrlsVariable(target);
        const urls =
          env[variable]
            ?.split(',')
            .map((url) => url.trim())
            .filter(Boolean) ?? [];
        if (urls.length === 0) throw new ConfigError(module.name, [`${variable}: required to reach ${target}`]);
        return { baseUrls: urls };
      },
    });
    await instance.start?.();
    const { server, port } = await listen(instance.app, settings.PORT, settings.HOST);
    logger.info({ port }, `${module.name} listening on http://localhost:${port}`);
    exitOnSignals(logger, async () => {
      await closeServer(server);
      await instance.stop?.();
      await infrastructure.close();
    });
  } catch (error) {
    await infrastructure.close().catch(() => {});
    throw error;
  }
}
