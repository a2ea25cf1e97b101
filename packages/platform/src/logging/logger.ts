import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { redactDeep } from './redact.js';
import { currentRequestId } from './request-context.js';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Readable lines for people (development); JSON lines otherwise. */
  pretty?: boolean;
  /** Tests capture lines here. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  const destination =
    options.destination ??
    (options.pretty
      ? pretty({ sync: true, colorize: process.stdout.isTTY, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' })
      : pino.destination({ sync: false }));
  return pino(
    {
      name: options.name,
      level: options.level ?? 'info',
      base: { service: options.name },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { request_id: requestId } : {};
      },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactDeep(object) as Record<string, unknown>,
      },
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}
