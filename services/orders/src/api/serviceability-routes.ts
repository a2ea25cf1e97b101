import { ordersOperations } from '@elts/contracts';
import { type AppEnv, mount, serviceUnavailable } from '@elts/platform';
import { Hono } from 'hono';
import { CourierUnavailableError } from '../serviceability/bluedart.js';
import type { Serviceability } from '../serviceability/serviceability.js';

export function serviceabilityRoutes(serviceability: Serviceability) {
  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.checkPincode, async (c) => {
    try {
      return c.json({ is_success: true, data: await serviceability.check(c.req.valid('param').pincode) });
    } catch (error) {
      if (error instanceof CourierUnavailableError)
        throw serviceUnavailable('Pincode check is unavailable right now. Please try again shortly.');
      throw error;
    }
  });
  return app;
}
