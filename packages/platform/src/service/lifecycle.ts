import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { ConfigError, EXIT_BAD_CONFIG } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';

export interface FetchApp {
  fetch: (request: Request) => Response | Promise<Response>;
}

/**
 * How long an idle keep-alive connection stays open: longer than the proxies and clients in front keep theirs (60 s
 * is common), so the server is never the side that closes one just as a request arrives on it. Node's default of
 * 5 s lost POSTs under load: a timer overdue during an event-loop stall closed connections clients had just written
 * to, and they saw ECONNRESET (bench/LIMITS.md, the hot drop).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * How many new connections may wait for the server to accept them. Node's default, 511, overflowed at a drop: buyers
 * opened connections faster than a busy event loop accepted them, the kernel dropped the excess handshakes, and
 * those buyers waited a second or more for their retransmissions, or met a reset (bench/LIMITS.md). The kernel caps
 * it at net.core.somaxconn (4096 by default since Linux 5.4).
 */
export const LISTEN_BACKLOG = 4096;

export function listen(app: FetchApp, port: number, host: string): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolvePromise, reject) => {
    const server = createAdaptorServer({ fetch: app.fetch, hostname: host });
    server.listen(port, host, LISTEN_BACKLOG, () => resolvePromise({ server, port: (server.address() as AddressInfo).port }));
    const http = server as { keepAliveTimeout?: number; headersTimeout?: number };
    http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Node requires the header wait to outlast the keep-alive wait, or an idle socket's timer ends it first.
    http.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    server.once('error', reject);
  });
}

export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    // Keep-alive sockets would hold close() open until they time out.
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

let loggingRejectionsTo: Logger | undefined;

/**
 * Keeps the process serving when a promise nobody awaited rejects, logging it as an error instead. Node's default is
 * to end the process: one request whose stray promise failed took down every service of the all-in-one product with
 * it. The request itself has already been answered (or failed) on its own path; what is left is a bug to read
 * about in the log. Installed once per process; a later call only changes the logger.
 */
export function logUnhandledRejections(logger: Logger): void {
  const installed = loggingRejectionsTo !== undefined;
  loggingRejectionsTo = logger;
  if (installed) return;
  process.on('unhandledRejection', (reason) => {
    loggingRejectionsTo?.error({ err: reason }, 'unhandled promise rejection (the process carries on)');
  });
}

/**
 * Runs `shutdown` once on SIGINT or SIGTERM, then exits. A second signal, or a shutdown that hangs, exits at once:
 * an operator pressing Ctrl-C twice means it. Every server's start-up ends here, so it is also where the process
 * starts logging unhandled rejections rather than dying of them.
 */
export function exitOnSignals(logger: Logger, shutdown: () => Promise<void>, graceMs = 10_000): void {
  logUnhandledRejections(logger);
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    shutdown().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/**
 * Runs a process's start-up. Bad settings, whether found up front or by a part that checks its own later, print
 * their list alone (no stack: it says nothing an operator can use, and no value is in it) and exit with
 * EX_CONFIG, which a supervisor takes as "do not restart". Anything else still fails loudly.
 */
export async function exitOnConfigError<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(EXIT_BAD_CONFIG);
  }
}
