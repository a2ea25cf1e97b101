import { z } from 'zod';
import { secret } from './load-config.js';

/** Building blocks shared by the processes' settings schemas. */

export const nodeEnv = z.enum(['development', 'production', 'test']).default('development');
export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// connection URL');

export const natsUrl = z.string().regex(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, 'must be nats://host:port');

export const serviceToken = secret(z.string().min(32, 'must be at least 32 characters'));

export const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const positiveSeconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
