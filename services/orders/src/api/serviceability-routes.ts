import { PINCODE_PATTERN } from '@elts/contracts';
import { type AppEnv, pathParams, serviceUnavailable } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import { CourierUnavailableError } from '../serviceability/bluedart.js';
import type { Serviceability } from '../serviceability/serviceability.js';

const params = z.object({ pincode: z.string().regex(PINCODE_PATTERN, 'Pincode must be 6 digits and cannot start with 0') });

export function serviceabilityRoutes(serviceability: Serviceability) {
  return new Hono<AppEnv>().get('/shipping/bluedart/pincode/:pincode', pathParams(params), async (c) => {
    try {
      return c.json({ is_success: true, data: await serviceability.check(c.req.valid('param').pincode) });
    } catch (error) {
      if (error instanceof CourierUnavailableError)
        throw serviceUnavailable('Pincode check is unavailable right now. Please try again shortly.');
      throw error;
    }
  });
}
