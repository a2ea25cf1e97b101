import { randomUUID } from 'node:crypto';
import { ordersEvents, paymentsEvents } from '@elts/contracts';
import { createServiceApp } from '@elts/platform';
import { type DatabaseKind, silentLogger, startServiceHarness } from '@elts/platform/testing';
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
