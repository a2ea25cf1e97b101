import { randomUUID } from 'node:crypto';
import { ordersEvents, paymentsEvents } from '@elts/contracts';
import { createServiceApp } from '@elts/platform';
import { type DatabaseKind, databaseAvailable, type ServiceHarness, silentLogger, startServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { identityService } from '../src/service.js';

export const address = { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' };

/** Orders' internal order API, as identity reads it for the mail it sends about an order; counts the calls. */
export function ordersStandIn() {
  const asked: string[] = [];
  const app = createServiceApp({ name: 'orders', logger: silentLogger() });
  app.get('/internal/orders/:id', (c) => {
    asked.push(c.req.param('id'));
    return c.json({
      is_success: true,
      data: {
        orderId: c.req.param('id'),
        memberId: randomUUID(),
        status: 'completed',
        product: { name: 'WH-1000XM5 Wireless Headphones', brand: 'Sony' },
        quantity: 2,
        amountPaise: 5_298_100,
        creditPaise: 99_900,
        shippingAddress: address,
      },
    });
  });
  return { app, asked };
}

/** Identity hearing orders' events, with orders' internal API stood in by `orders`. */
export const startIdentityWithOrders = (kind: DatabaseKind, orders: ReturnType<typeof ordersStandIn>) =>
  startServiceHarness(identityService, {
    kind,
    env: { PUBLIC_URL: 'http://localhost:3000' },
    sources: [paymentsEvents, ordersEvents],
    stubs: { orders: orders.app },
  });

/**
 * For a describe block of one database kind: identity hearing orders' events (with `orders` standing in for orders'
 * internal API), started before the block's tests when that database is available and closed after them. Its tests
 * read `setup.identity` (set once started) and run only if `setup.available`.
 */
export function useIdentityWithOrders(kind: DatabaseKind) {
  const setup = { available: databaseAvailable(kind), orders: ordersStandIn(), identity: undefined as unknown as ServiceHarness };
  beforeAll(async () => {
    if (setup.available) setup.identity = await startIdentityWithOrders(kind, setup.orders);
  });
  afterAll(async () => setup.identity?.close());
  return setup;
}
