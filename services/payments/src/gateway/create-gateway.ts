import type { Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { PaymentsSettings } from '../settings.js';
import { loadEmulatorRecords, saveEmulatorRecords } from '../store/emulator-records.js';
import { CASHFREE_PRODUCTION_URL, CASHFREE_SANDBOX_URL, CashfreeGateway } from './cashfree/index.js';
import { CashfreeEmulator, type EmulatorSnapshot } from './cashfree-emulator/emulator.js';
import type { ChargeWindow, PaymentGateway } from './payment-gateway.js';

const DAY_SECONDS = 24 * 3600;

const inProcess = new WeakMap<object, CashfreeEmulator>();

/** Remembers the emulator a payments process built, by its app (its tests drive the emulator's world). */
export function rememberEmulator(app: object, emulator: CashfreeEmulator): void {
  inProcess.set(app, emulator);
}

/** The Cashfree emulator in the payments process whose app this is (tests: its driver, records and webhooks). */
export function emulatorOf(app: object): CashfreeEmulator | undefined {
  return inProcess.get(app);
}

/**
 * A rig whose year lasts seconds (a pre-debit notice shorter than a day, which production refuses) renews within
 * seconds: its renewal charges are dated at the instant, which Cashfree's calendar (T+1 to T+14) would refuse, so
 * only an emulator (`sameDayCharges`) takes them.
 */
export function chargesSameDay(noticeToChargeSeconds: number): boolean {
  return noticeToChargeSeconds < DAY_SECONDS;
}

export function usesCashfree(settings: PaymentsSettings): boolean {
  return Boolean(settings.CASHFREE_CLIENT_ID && settings.CASHFREE_CLIENT_SECRET);
}

export interface CreatedGateway {
  gateway: PaymentGateway;
  /** The Cashfree emulator in this process, whose pages payments serves under /pay/simulator. */
  emulator?: CashfreeEmulator;
  /** Called at stop: the emulator's records are written one last time. */
  close(): Promise<void>;
}

/** How often the in-process emulator's records are written when they changed (and always at stop). */
const KEEP_RECORDS_MS = 2000;

/**
 * Cashfree when its credentials are set (or a standalone Cashfree emulator: CASHFREE_BASE_URL at its /pg and
 * CASHFREE_HOSTED_PAGES_URL at its pages, as the distributed topology runs it); otherwise the production adapter on
 * the Cashfree emulator in this process. `postWebhook` is how the in-process emulator's webhooks reach payments.
 */
export async function createGateway(
  settings: PaymentsSettings,
  db: Kysely<any>,
  logger: Logger,
  postWebhook: (request: Request) => Promise<Response>,
): Promise<CreatedGateway> {
  if (settings.CASHFREE_CLIENT_ID && settings.CASHFREE_CLIENT_SECRET) {
    // Only an emulator's pages are ever set (production refuses them): its rig may date renewal charges today.
    const sameDay = Boolean(settings.CASHFREE_HOSTED_PAGES_URL) && chargesSameDay(settings.RENEWAL_NOTICE_TO_CHARGE_SECONDS);
    const gateway = new (sameDay ? SameDayCashfreeGateway : CashfreeGateway)({
      baseUrl:
        settings.CASHFREE_BASE_URL ?? (settings.CASHFREE_ENVIRONMENT === 'production' ? CASHFREE_PRODUCTION_URL : CASHFREE_SANDBOX_URL),
      clientId: settings.CASHFREE_CLIENT_ID,
      clientSecret: settings.CASHFREE_CLIENT_SECRET,
      ...(settings.CASHFREE_HOSTED_PAGES_URL ? { hostedPagesUrl: settings.CASHFREE_HOSTED_PAGES_URL } : {}),
      log: logger,
    });
    return { gateway, close: async () => {} };
  }
  return emulatorInProcess(settings, db, logger, postWebhook);
}

/**
 * The emulator answers the adapter in process (no port), its bank debits renewals when due, its webhooks go to the
 * dashboard endpoint (payments' /webhooks/cashfree, posted in process), and members pay on its pages at PUBLIC_URL.
 * Its records are kept in payments' database (read at start, written when they change and at stop), so a restarted
 * payments finds the orders, mandates and charges "Cashfree" had, as it would at Cashfree (decision 0092).
 */
async function emulatorInProcess(
  settings: PaymentsSettings,
  db: Kysely<any>,
  logger: Logger,
  postWebhook: (request: Request) => Promise<Response>,
): Promise<CreatedGateway> {
  const base = settings.PUBLIC_URL.replace(/\/+$/, '');
  const sameDay = chargesSameDay(settings.RENEWAL_NOTICE_TO_CHARGE_SECONDS);
  const emulator = new CashfreeEmulator({
    webhookEndpoint: `${base}/webhooks/cashfree`,
    webhookPost: postWebhook,
    bankOnItsOwn: true,
    sameDayCharges: sameDay,
  });
  const gateway = new (sameDay ? SameDayCashfreeGateway : CashfreeGateway)({
    baseUrl: 'http://cashfree-emulator.invalid/pg',
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    fetch: emulator.fetch,
    hostedPagesUrl: `${base}/pay/simulator`,
    log: logger,
  });
  const kept = await loadEmulatorRecords(db);
  if (kept) emulator.restore(kept as EmulatorSnapshot);
  return { gateway, emulator, close: keepRecords(db, emulator, logger) };
}

/** Writes the emulator's records every KEEP_RECORDS_MS when they changed; answers the stop, which writes them last. */
export function keepRecords(db: Kysely<any>, emulator: CashfreeEmulator, logger: Logger): () => Promise<void> {
  let written = JSON.stringify(emulator.snapshot());
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    writing = writing.then(async () => {
      const records = JSON.stringify(emulator.snapshot());
      if (records === written) return;
      await saveEmulatorRecords(db, records, new Date());
      written = records;
    });
    return writing.catch((error) => logger.warn({ err: error }, "could not keep the Cashfree emulator's records; will try again"));
  };
  const timer = setInterval(write, KEEP_RECORDS_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await write();
  };
}

/**
 * The production adapter on a rig whose membership year lasts seconds: a renewal charge is due at the instant its
 * notice period ends (as the simulator had it), not on the next Indian day, and that instant is what it sends; the
 * emulator (`sameDayCharges`) debits it from then on.
 */
class SameDayCashfreeGateway extends CashfreeGateway {
  override chargeWindow(notBefore: Date): ChargeWindow {
    return { from: notBefore, until: notBefore };
  }

  protected override scheduleDateOf(date: Date): string {
    return date.toISOString();
  }
}
