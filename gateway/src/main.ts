import { SERVICE_NAMES, type ServiceName } from '@elts/contracts';
import {
  ConfigError,
  closeServer,
  createLogger,
  describeConfig,
  exitOnSignals,
  httpUpstream,
  listen,
  loadConfig,
  prettyLogs,
  serviceUrlsVariable,
  type Upstream,
} from '@elts/platform';
import { createGatewayApp } from './gateway-app.js';
import { edgeOptions, gatewaySettings, webOptions } from './settings.js';

/** The gateway as its own process (distributed topology): every service is reached over HTTP. */
const schema = gatewaySettings;
let settings: ReturnType<typeof schema.parse>;
const upstreams = {} as Record<ServiceName, Upstream>;
try {
  settings = loadConfig('gateway', schema);
  const missing: string[] = [];
  for (const service of SERVICE_NAMES) {
    const urls = (process.env[serviceUrlsVariable(service)] ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    if (urls.length === 0) missing.push(`${serviceUrlsVariable(service)}: required but not set`);
    upstreams[service] = httpUpstream(service, urls);
  }
  if (!settings.SERVICE_TOKEN) missing.push('SERVICE_TOKEN: required but not set');
  if (missing.length > 0) throw new ConfigError('gateway', missing);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger({ name: 'gateway', level: settings.LOG_LEVEL, pretty: prettyLogs(settings) });
logger.info({ settings: describeConfig(schema, settings) }, 'starting');
const app = createGatewayApp({
  logger,
  upstreams,
  production: settings.NODE_ENV === 'production',
  serviceToken: settings.SERVICE_TOKEN as string,
  ...webOptions(settings),
  ...edgeOptions(process.env),
});
const { server, port } = await listen(app, settings.PORT, settings.HOST);
logger.info(`gateway listening on http://localhost:${port}`);
exitOnSignals(logger, () => closeServer(server));
