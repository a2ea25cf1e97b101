import { createLogger, exitOnConfigError, loadConfig, openInfrastructure, prettyLogs, processSettings } from '@elts/platform';
import { rebuildAdminReadModels } from './rebuild.js';

/**
 * `npm run projections:rebuild`: rebuilds admin-bff's read models from the event history of the database and bus
 * the product is configured with (DATA_DIR or DATABASE_URL, and NATS_URL in the distributed topology).
 * Stop the product first when it runs on PGlite: its data directory takes one process at a time.
 */
const settings = await exitOnConfigError(async () => loadConfig('projections-rebuild', processSettings, process.env));
const logger = createLogger({ name: 'projections-rebuild', level: settings.LOG_LEVEL, pretty: prettyLogs(settings) });
const infrastructure = await openInfrastructure({
  dataDir: settings.DATA_DIR,
  logger,
  connectionName: `projections-rebuild:${process.pid}`,
  ...(settings.DATABASE_URL ? { databaseUrl: settings.DATABASE_URL } : {}),
  ...(settings.NATS_URL ? { natsUrl: settings.NATS_URL } : {}),
  ...(settings.NATS_NAMESPACE ? { natsNamespace: settings.NATS_NAMESPACE } : {}),
});
let code = 0;
try {
  const { ms } = await rebuildAdminReadModels({ ...infrastructure, logger });
  console.log(`admin-bff read models rebuilt from the event history in ${(ms / 1000).toFixed(1)} s`);
} catch (error) {
  logger.error({ err: error }, 'rebuild failed');
  code = 1;
} finally {
  await infrastructure.close();
}
process.exit(code);
