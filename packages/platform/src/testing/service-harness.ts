import { randomUUID } from 'node:crypto';
import type { EventRegistry } from '@elts/contracts';
import type { Kysely } from 'kysely';
import { InProcessBus } from '../bus/in-process-bus.js';
import type { Database } from '../db/database.js';
import { migrate, platformMigrations } from '../db/migrations.js';
import type { Clock } from '../domain/clock.js';
import { EventStore } from '../events/event-store.js';
import { createForwarder } from '../front/forwarder.js';
import { remoteSessionResolver, type SessionResolver } from '../front/sessions.js';
import { inProcessUpstream } from '../front/upstreams.js';
import { createServiceApp } from '../http/app-factory.js';
import type { Principal } from '../http/principal.js';
import type { Logger } from '../logging/logger.js';
import { type BootedService, bootService, schemaOf } from '../service/boot.js';
import type { FetchApp } from '../service/lifecycle.js';
import type { NodeEnv, ServiceModule } from '../service/service-module.js';
import { type DatabaseKind, openTestDatabase, silentLogger } from './test-infrastructure.js';

export const TEST_SERVICE_TOKEN = 'test-service-token-'.padEnd(48, 'x');

export interface HarnessOptions {
  kind: DatabaseKind;
  /** Settings as the service would read them from its environment. */
  env?: Record<string, string>;
  logger?: Logger;
  /** Other services the test stands in for: their events can be appended and flow over the bus. */
  sources?: EventRegistry[];
  nodeEnv?: NodeEnv;
  /** Stand-ins for other services the one under test calls (their `/internal` or public endpoints). */
  stubs?: Record<string, FetchApp>;
  /** The service's clock: a test's ManualClock to stand at a chosen instant. */
  clock?: Clock;
}

export interface RequestOptions {
  method?: string;
  /** Sent as the raw Authorization header, as the spec's screens do. */
  token?: string;
  body?: unknown;
  /** Sent as it is (a webhook's exact bytes), instead of `body` as JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The caller's network address, as the socket would give it to the front; unset, calls count as one client. */
  address?: string;
}

/**
 * One service booted as in production (migrations, outbox, bus, its app), behind the same forwarder the gateway
 * uses. Sessions come from the service itself when it is identity, else from a stand-in of identity's session
 * lookup whose sessions the test creates with `memberSession()` and `adminSession()`.
 */
export interface ServiceHarness {
  database: Database;
  db: Kysely<any>;
  booted: BootedService;
  bus: InProcessBus;
  request(path: string, options?: RequestOptions): Promise<Response>;
  json<T = any>(path: string, options?: RequestOptions): Promise<{ status: number; body: T; headers: Headers }>;
  /** The event store of a stood-in service, to append its events. */
  source(service: string): EventStore;
  memberSession(memberId?: string): { token: string; memberId: string };
  adminSession(adminId?: string, username?: string): { token: string; adminId: string };
  close(): Promise<void>;
}

export async function startServiceHarness(module: ServiceModule, options: HarnessOptions): Promise<ServiceHarness> {
  const logger = options.logger ?? silentLogger();
  const database = await openTestDatabase(options.kind);
  const bus = await InProcessBus.create({ db: database.forSchema('bus'), schema: 'bus', logger, pollMs: 20, retryBaseMs: 20 });
  const sources = new Map<string, EventStore>();
  for (const registry of options.sources ?? []) {
    const schema = schemaOf(registry.service);
    const db = database.forSchema(schema);
    await migrate(db, schema, await platformMigrations());
    const store = new EventStore(db, registry);
    await bus.attachOutbox({ service: registry.service, db: db as never, onAppend: (listener) => store.onAppend(listener) });
    sources.set(registry.service, store);
  }
  const fakeSessions = new Map<string, Principal>();
  const standInSessions: SessionResolver = async (tokens) => {
    const principal: Principal = {};
    for (const token of [tokens.bearer, tokens.memberCookie, tokens.adminCookie])
      Object.assign(principal, token ? fakeSessions.get(token) : {});
    return principal;
  };

  let booted: BootedService;
  try {
    booted = await bootService(module, {
      database,
      bus,
      logger,
      nodeEnv: options.nodeEnv ?? 'test',
      serviceToken: TEST_SERVICE_TOKEN,
      env: options.env ?? {},
      ...(options.clock ? { clock: options.clock } : {}),
      resolveService: (target) => {
        const stub = options.stubs?.[target];
        if (!stub) throw new Error(`${module.name} called ${target}, which this harness does not run`);
        return { fetch: (request) => stub.fetch(request) };
      },
    });
  } catch (error) {
    await bus.close();
    await database.close();
    throw error;
  }
  await booted.instance.start?.();
  const service = inProcessUpstream(module.name, booted.instance.app);
  const forward = createForwarder({
    sessions:
      module.name === 'identity'
        ? (booted.instance.resolveSessions ?? remoteSessionResolver(service, TEST_SERVICE_TOKEN))
        : standInSessions,
    serviceToken: TEST_SERVICE_TOKEN,
    logger,
  });
  const front = createServiceApp({ name: 'front', logger });
  // Like the gateway, the front never vouches for `/internal/*`: such calls reach the service with only the
  // caller's own headers, so a test proves the service token is required.
  front.all('/internal/*', (c) => booted.instance.app.fetch(c.req.raw));
  front.all('*', (c) => forward(c as never, service));

  const request = async (
    path: string,
    { method = 'GET', token, body, rawBody, headers = {}, address }: RequestOptions = {},
  ): Promise<Response> =>
    front.request(
      path,
      {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: token } : {}),
          ...headers,
        },
        ...(rawBody !== undefined ? { body: rawBody } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      },
      address ? { incoming: { socket: { remoteAddress: address } } } : undefined,
    );

  return {
    database,
    db: database.forSchema(schemaOf(module.name)),
    booted,
    bus,
    request,
    async json<T>(path: string, requestOptions?: RequestOptions) {
      const response = await request(path, requestOptions);
      return { status: response.status, body: (await response.json()) as T, headers: response.headers };
    },
    source(name) {
      const store = sources.get(name);
      if (!store) throw new Error(`No stood-in source ${name}; pass its registry in options.sources`);
      return store;
    },
    memberSession(memberId = randomUUID()) {
      if (module.name === 'identity') throw new Error('identity runs its own sessions: sign in through it');
      const token = `member-${randomUUID()}`.replace(/-/g, '');
      fakeSessions.set(token, { member: { id: memberId, sessionId: randomUUID() } });
      return { token, memberId };
    },
    adminSession(adminId = randomUUID(), username = 'admin') {
      if (module.name === 'identity') throw new Error('identity runs its own sessions: sign in through it');
      const token = `admin-${randomUUID()}`.replace(/-/g, '');
      fakeSessions.set(token, { admin: { id: adminId, username, sessionId: randomUUID() } });
      return { token, adminId };
    },
    async close() {
      await booted.instance.stop?.();
      await bus.close();
      await database.close();
    },
  };
}
