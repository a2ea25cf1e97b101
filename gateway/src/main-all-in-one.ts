import {
  closeServer,
  createLogger,
  describeConfig,
  exitOnConfigError,
  exitOnSignals,
  instanceNameOf,
  listen,
  nameThisInstance,
  prettyLogs,
} from '@elts/platform';
import { loadAllInOneSettings, startAllInOne } from './all-in-one.js';
import { gatewaySettings, webOptions } from './settings.js';

await exitOnConfigError(async () => {
  const settings = loadAllInOneSettings(process.env);
  const logger = createLogger({ name: 'all-in-one', level: settings.LOG_LEVEL, pretty: prettyLogs(settings) });
  logger.info({ settings: describeConfig(gatewaySettings, settings) }, 'starting');
  // One process, one instance of every service: a restart takes back at once the steps it was running (decision 0080).
  const name = instanceNameOf(settings);
  if (name) nameThisInstance(name);
  const started = performance.now();
  const product = await startAllInOne({
    logger,
    nodeEnv: settings.NODE_ENV,
    dataDir: settings.DATA_DIR,
    env: process.env,
    web: webOptions(settings),
    ...(settings.DATABASE_URL ? { databaseUrl: settings.DATABASE_URL } : {}),
    ...(settings.NATS_URL ? { natsUrl: settings.NATS_URL } : {}),
    ...(settings.NATS_NAMESPACE ? { natsNamespace: settings.NATS_NAMESPACE } : {}),
  });
  const { server, port } = await listen(product.gateway, settings.PORT, settings.HOST);
  logger.info({ ms: Math.round(performance.now() - started) }, `ready: open http://localhost:${port}`);
  exitOnSignals(logger, async () => {
    await closeServer(server);
    await product.stop();
  });
});
