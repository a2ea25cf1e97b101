import { ConfigError, closeServer, createLogger, describeConfig, exitOnSignals, listen, loadConfig, prettyLogs } from '@elts/platform';
import { startAllInOne } from './all-in-one.js';
import { gatewaySettings, webOptions } from './settings.js';

const schema = gatewaySettings;
let settings: ReturnType<typeof schema.parse>;
try {
  settings = loadConfig('all-in-one', schema);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger({ name: 'all-in-one', level: settings.LOG_LEVEL, pretty: prettyLogs(settings) });
logger.info({ settings: describeConfig(schema, settings) }, 'starting');
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
