import { paymentsOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound } from '@elts/platform';
import { Hono } from 'hono';
import { checkoutPages } from '../gateway/cashfree-emulator/checkout-pages.js';
import type { CashfreeEmulator } from '../gateway/cashfree-emulator/emulator.js';

/**
 * The in-process Cashfree emulator's side of payments: its hosted checkout and mandate pages at the simulator's
 * addresses (/pay/simulator/...), and, outside production, the admin's switch for a mandate's next renewal debit.
 */
export function emulatorRoutes(emulator: CashfreeEmulator, production: boolean) {
  const app = new Hono<AppEnv>();
  app.route('/pay/simulator', checkoutPages(emulator));
  if (!production) {
    mount(app, paymentsOperations.simulatorNextCharge, (c) => {
      const { outcome } = c.req.valid('json');
      if (!emulator.setNextChargeOutcome(c.req.valid('param').subscriptionId, outcome)) throw notFound('No such mandate');
      return c.json({ is_success: true, data: { outcome } });
    });
  }
  return app;
}
