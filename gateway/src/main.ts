import { SERVICE_NAMES, type ServiceName } from '@elts/contracts';
import {
  closeServer,
  createLogger,
  describeConfig,
  exitOnConfigError,
  exitOnSignals,
  httpUpstream,
  listen,
  loadConfigs,
  prettyLogs,
  serviceUrlsVariable,
  type Upstream,
} from '@elts/platform';
import { createGatewayApp } from './gateway-app.js';
import { edgeOptions, gatewaySettings, webOptions } from './settings.js';

/** The gateway as its own process (distributed topology): every service is reached over HTTP. */
await exitOnConfigError(async () => {
  const upstreams = {} as Record<ServiceName, Upstream>;
  // Where the services are, and the token to reach them, are checked with every other setting: one list of problems.
  const missing: string[] = [];
  for (const service of SERVICE_NAMES) {
    const urls = (process.env[serviceUrlsVariable(service)] ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    if (urls.length === 0) missing.push(`${serviceUrlsVariable(service)}: required but not set`);
    upstreams[service] = httpUpstream(service, urls);
  }
  if (!process.env.SERVICE_TOKEN) missing.push('SERVICE_TOKEN: required but not set');
  const settings = loadConfigs('gateway', { gateway: gatewaySettings }, process.env, missing).gateway;

  const logger = createLogger({ name: 'gateway', level: settings.LOG_LEVEL, pretty: prettyLogs(settings) });
  logger.info({ settings: describeConfig(gatewaySettings, settings) }, 'starting');
  const app = createGatewayApp({
    logger,
    upstreams,
    production: settings.NODE_ENV === 'production',
    serviceToken: settings.SERVICE_TOKEN as string,
    ...webOptions(settings),
    ...edgeOptions(process.env),
    publicUrl: settings.PUBLIC_URL,
  });
  const { server, port } = await listen(app, settings.PORT, settings.HOST);
  logger.info(`gateway listening on http://localhost:${port}`);
  exitOnSignals(logger, () => closeServer(server));
});
