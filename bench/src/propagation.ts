/**
 * Item 3, event propagation: a product order is paid on the simulator; inside the product, the time from the
 * payments service appending PaymentSucceeded (its recorded_at) until the back office's payment row and the member's
 * order show it. Once on the in-process bus, once over NATS JetStream when a server answers at 127.0.0.1:4222.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_ENV,
  adminToken,
  BUSINESS_PROFILE,
  call,
  createProduct,
  NATS_URL,
  orderBody,
  pay,
  reachable,
  subscriber,
  until,
} from './client.js';
import { startServer } from './server-process.js';
import type { PaymentPropagation } from './servers/propagation-probe.js';
import { distribution, type Figure } from './stats.js';

const GROUP = 'Event propagation (payment success → projections)';

async function samples(env: Record<string, string>, count: number): Promise<PaymentPropagation[]> {
  const server = await startServer('all-in-one.ts', { ...ADMIN_ENV, SEED_DEMO_CATALOG: 'false', ...env });
  const base = server.baseURL;
  try {
    // A business with a GSTIN may buy the one product again and again (others buy one of each).
    const token = await subscriber(base, `propagation.${randomUUID().slice(0, 8)}@example.in`, BUSINESS_PROFILE);
    const productId = await createProduct(base, await adminToken(base), count + 5, `PROP-${randomUUID().slice(0, 6)}`);
    let placed = await call(base, '/product/order', { token, body: orderBody(productId) });
    await until(
      async () => {
        if (placed.status === 200) return true;
        placed = await call(base, '/product/order', { token, body: orderBody(productId) });
        return placed.status === 200;
      },
      60_000,
      'the membership to reach the orders service',
    );
    const results: PaymentPropagation[] = [];
    // One warm-up order (the first of each path compiles and caches), then the measured ones, one at a time.
    for (let n = 0; n <= count; n++) {
      if (n > 0) placed = await call(base, '/product/order', { token, body: orderBody(productId) });
      if (placed.status !== 200) throw new Error(`order placement answered ${placed.status}: ${JSON.stringify(placed.body)}`);
      const watched = server.call<PaymentPropagation | undefined>('watchPayment', {
        orderId: placed.body.data.order_id,
        timeoutMs: 20_000,
      });
      await pay(base, token, placed.body.data.order_id);
      const result = await watched;
      if (!result) throw new Error(`the payment of ${placed.body.data.order_id} did not reach both projections within 20 s`);
      if (n > 0) results.push(result);
    }
    return results;
  } finally {
    await server.stop();
  }
}

function figures(label: string, results: PaymentPropagation[], p99Target: number): Figure[] {
  const admin = distribution(results.map((result) => result.adminMs));
  const order = distribution(results.map((result) => result.orderMs));
  return [
    { group: GROUP, label: `${label}: admin-bff payment row p50`, value: admin.p50, unit: 'ms' },
    {
      group: GROUP,
      label: `${label}: admin-bff payment row p99 (${results.length} payments)`,
      value: admin.p99,
      unit: 'ms',
      target: { op: '<', value: p99Target },
    },
    { group: GROUP, label: `${label}: member's order status p50`, value: order.p50, unit: 'ms' },
    { group: GROUP, label: `${label}: member's order status p99`, value: order.p99, unit: 'ms', target: { op: '<', value: p99Target } },
  ];
}

export async function measurePropagation(quick: boolean): Promise<{ figures: Figure[]; raw: unknown; notes: string[] }> {
  const count = quick ? 10 : 25;
  const notes = ['Propagation is read by polling both rows every 2 ms inside the product, so each figure includes up to ~2 ms of polling.'];
  const inProcess = await samples({}, count);
  const result: Figure[] = figures('in-process bus', inProcess, 50);
  let nats: PaymentPropagation[] | null = null;
  if (await reachable(NATS_URL)) {
    nats = await samples({ NATS_URL, NATS_NAMESPACE: `bench${randomUUID().slice(0, 8)}` }, count);
    result.push(...figures('NATS JetStream', nats, 150));
  } else {
    notes.push(`NATS JetStream was not measured: nothing answers at ${NATS_URL}.`);
  }
  return { figures: result, raw: { inProcess, nats }, notes };
}
