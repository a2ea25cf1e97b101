import { z } from 'zod';
import { secret } from '../config/load-config.js';
import { logLevel, natsUrl, nodeEnv, port, postgresUrl, serviceToken } from '../config/settings.js';

/** Settings every server process reads, whatever it runs. */
export const processSettings = z.object({
  NODE_ENV: nodeEnv,
  LOG_LEVEL: logLevel,
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: secret(postgresUrl).optional(),
  NATS_URL: natsUrl.optional(),
  /** Prefix for every subject and stream, so several stacks (or test runs) can share one NATS server. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, - and _ only')
    .optional(),
  SERVICE_TOKEN: serviceToken.optional(),
  /**
   * This instance's name among its service's, kept across restarts (the launcher sets `orders#2`); by default host
   * and port. A restarted instance takes back at once the steps it was running when it died (decision 0080).
   */
  INSTANCE_NAME: z
    .string()
    .regex(/^[\w.:#@-]{1,100}$/, 'letters, digits and . : # @ - _ only, at most 100')
    .optional(),
});

export type ProcessSettings = z.output<typeof processSettings>;

export function withPort(defaultPort: number) {
  return processSettings.extend({ PORT: port(defaultPort) });
}

export function prettyLogs(settings: Pick<ProcessSettings, 'LOG_FORMAT' | 'NODE_ENV'>): boolean {
  return (settings.LOG_FORMAT ?? (settings.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty';
}

/** `IDENTITY_URLS`, `ADMIN_BFF_URLS`...: where a service's instances listen, comma-separated. */
export function serviceUrlsVariable(service: string): string {
  return `${service.toUpperCase().replace(/-/g, '_')}_URLS`;
}
