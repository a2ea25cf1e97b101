import type { Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { PaymentsSettings } from '../settings.js';
import { SimulatorGateway } from '../simulator/simulator-gateway.js';
import { CASHFREE_PRODUCTION_URL, CASHFREE_SANDBOX_URL, CashfreeGateway } from './cashfree/index.js';
import type { PaymentGateway } from './payment-gateway.js';

export function usesCashfree(settings: PaymentsSettings): boolean {
  return Boolean(settings.CASHFREE_CLIENT_ID && settings.CASHFREE_CLIENT_SECRET);
}

/** Cashfree when its credentials are set, the simulator otherwise. */
export async function createGateway(settings: PaymentsSettings, db: Kysely<any>, logger: Logger): Promise<PaymentGateway> {
  if (settings.CASHFREE_CLIENT_ID && settings.CASHFREE_CLIENT_SECRET) {
    return new CashfreeGateway({
      baseUrl:
        settings.CASHFREE_BASE_URL ?? (settings.CASHFREE_ENVIRONMENT === 'production' ? CASHFREE_PRODUCTION_URL : CASHFREE_SANDBOX_URL),
      clientId: settings.CASHFREE_CLIENT_ID,
      clientSecret: settings.CASHFREE_CLIENT_SECRET,
      ...(settings.CASHFREE_HOSTED_PAGES_URL ? { hostedPagesUrl: settings.CASHFREE_HOSTED_PAGES_URL } : {}),
      log: logger,
    });
  }
  return SimulatorGateway.open(db, settings.PUBLIC_URL);
}
