import {
  closeServer,
  createLogger,
  describeConfig,
  exitOnConfigError,
  exitOnSignals,
  type Logger,
  listen,
  loadConfigs,
  openDatabase,
  prettyLogs,
  schemaOf,
  secret,
  withPort,
} from '@elts/platform';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CashfreeEmulator, type EmulatorSnapshot } from './gateway/cashfree-emulator/emulator.js';
import { chargesSameDay, keepRecords } from './gateway/create-gateway.js';
import { loadEmulatorRecords } from './store/emulator-records.js';

/** Its port when PORT is not set (`npm run start:distributed` sets it: CASHFREE_EMULATOR_PORT there). */
const DEFAULT_PORT = 4190;

/**
 * The Cashfree emulator as a process of its own (decision 0092): what the payments instances of the distributed
 * topology call as Cashfree (CASHFREE_BASE_URL at its /pg), where members pay (CASHFREE_HOSTED_PAGES_URL at its
 * /pay/simulator), and which sends Cashfree's webhooks to the dashboard endpoint. Development and tests only.
 */
const emulatorSettings = z.object({
  /** The endpoint set in "the dashboard": the product's `/webhooks/cashfree` (a gateway's). */
  CASHFREE_EMULATOR_WEBHOOK_URL: z.url(),
  /** The credentials it accepts and signs webhooks with; payments is given the same. */
  CASHFREE_CLIENT_ID: z.string().min(1).default('TEST-CLIENT-ID'),
  CASHFREE_CLIENT_SECRET: secret(z.string().min(1)).default('cfsk_ma_test_secret'),
  /** Payments' pre-debit notice: under a day (a shortened rig), renewal charges may be dated today. */
  RENEWAL_NOTICE_TO_CHARGE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 3600),
});

const NAME = 'cashfree-emulator';

async function run(env: NodeJS.ProcessEnv): Promise<void> {
  const processSchema = withPort(DEFAULT_PORT);
  const parsed = loadConfigs(
    NAME,
    { process: processSchema, emulator: emulatorSettings },
    env,
    env.NODE_ENV === 'production' ? ['NODE_ENV: the Cashfree emulator takes no money and never runs in production'] : [],
  );
  const settings = parsed.process;
  const logger = createLogger({ name: NAME, level: settings.LOG_LEVEL, pretty: prettyLogs(settings) });
  logger.info({ settings: describeConfig(processSchema, settings) }, 'starting');
  const emulator = new CashfreeEmulator({
    clientId: parsed.emulator.CASHFREE_CLIENT_ID,
    clientSecret: parsed.emulator.CASHFREE_CLIENT_SECRET,
    webhookEndpoint: parsed.emulator.CASHFREE_EMULATOR_WEBHOOK_URL,
    bankOnItsOwn: true,
    sameDayCharges: chargesSameDay(parsed.emulator.RENEWAL_NOTICE_TO_CHARGE_SECONDS),
  });
  // Its records are kept in payments' database, as the in-process emulator's are (payments, without one of its own
  // there, never writes them): "Cashfree" remembers its orders and mandates across restarts of the topology.
  const database = settings.DATABASE_URL ? await openDatabase({ url: settings.DATABASE_URL, maxConnections: 2 }) : undefined;
  const db = database?.forSchema(schemaOf('payments'));
  const kept = db ? await recordsOnceReadable(db, logger) : undefined;
  if (kept) emulator.restore(kept);
  const closeRecords = db ? keepRecords(db, emulator, logger) : async () => {};
  const { server, port } = await listen(
    {
      fetch: (request: Request) => (new URL(request.url).pathname === '/ready' ? Response.json({ ready: true }) : emulator.fetch(request)),
    },
    settings.PORT,
    settings.HOST,
  );
  logger.info({ port }, `Cashfree emulator listening on http://localhost:${port}/pg`);
  exitOnSignals(logger, async () => {
    await closeServer(server);
    await closeRecords();
    await database?.close();
  });
}

/** The records kept, once payments has made their table (its migrations run at its start); waits until then. */
async function recordsOnceReadable(db: Kysely<any>, logger: Logger): Promise<EmulatorSnapshot | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await loadEmulatorRecords(db)) as EmulatorSnapshot | undefined;
    } catch (error) {
      if (attempt % 20 === 1) logger.info({ err: error }, "waiting for payments' database to hold the emulator's records");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

await exitOnConfigError(() => run(process.env));
