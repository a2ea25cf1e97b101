/**
 * Item 2, checkout under a hot drop: members with active memberships all press Buy Now on one product within a
 * moment. Exactly as many orders as units succeed, the rest are told it is out of stock, the stock never goes below
 * zero (sampled inside the product while the burst runs), and placement latency stays low.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_ENV, adminToken, call, connectionResets, createProduct, inBatches, orderBody, subscriber, until } from './client.js';
import { startServer } from './server-process.js';
import { distribution, type Figure } from './stats.js';

const GROUP = 'Checkout under a hot drop';

export async function measureCheckout(quick: boolean): Promise<{ figures: Figure[]; raw: unknown }> {
  const buyers = Number(process.env.BENCH_BUYERS ?? (quick ? 50 : 500));
  const units = Math.round(buyers / 5);
  // Not pinned: this measures latency and correctness, not CPU per request, and setting up members wants both cores.
  const server = await startServer('all-in-one.ts', { ...ADMIN_ENV, SEED_DEMO_CATALOG: 'false' }, false);
  const base = server.baseURL;
  try {
    const admin = await adminToken(base);
    const productId = await createProduct(base, admin, units, `DROP-${randomUUID().slice(0, 6)}`);
    const run = randomUUID().slice(0, 6);
    const setupBegan = performance.now();
    const resetsBefore = connectionResets;
    await server.call('loopDelay');
    const tokens = await inBatches(
      Array.from({ length: buyers }, (_, n) => n),
      32,
      (n) => subscriber(base, `drop.${run}.${n}@example.in`),
    );
    const count = async (sqlText: string, schema: string) =>
      Number((await server.call<Array<{ n: number }>>('query', { schema, text: sqlText }))[0]?.n ?? 0);
    await until(
      async () => (await count(`select count(*)::int as n from member_buyers where subscription_status = 'active'`, 'orders')) === buyers,
      120_000,
      'every membership to reach the orders service',
    );
    const setupS = (performance.now() - setupBegan) / 1000;
    const resets = connectionResets - resetsBefore;
    const setupLoop = await server.call<{ maxMs: number; p99Ms: number }>('loopDelay');
    console.log(
      `  ${buyers} subscribers ready in ${setupS.toFixed(0)} s (${resets} requests met a closed connection and were sent again; the server's event loop stalled up to ${Math.round(setupLoop.maxMs)} ms, p99 ${Math.round(setupLoop.p99Ms)} ms)`,
    );

    // Sample what is left to sell, inside the product, for as long as the burst lasts.
    let sampling = true;
    let lowest = Number.POSITIVE_INFINITY;
    let samples = 0;
    const sampler = (async () => {
      while (sampling) {
        const left = await count(`select (on_hand - held - sold)::int as n from stock where product_id = '${productId}'`, 'catalog');
        lowest = Math.min(lowest, left);
        samples++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const began = performance.now();
    const attempts = await Promise.all(
      tokens.map(async (token) => {
        const start = performance.now();
        const answer = await call(base, '/product/order', { token, body: orderBody(productId), retry: false }).catch((error: Error) => ({
          status: 0,
          body: { message: error.message },
        }));
        return { status: answer.status, message: answer.body?.message as string | undefined, ms: performance.now() - start };
      }),
    );
    const burstS = (performance.now() - began) / 1000;
    sampling = false;
    await sampler;
    const stock = (
      await server.call<Array<{ on_hand: number; held: number; sold: number }>>('query', {
        schema: 'catalog',
        text: `select on_hand, held, sold from stock where product_id = '${productId}'`,
      })
    )[0];
    const placed = attempts.filter((attempt) => attempt.status === 200).length;
    const outOfStock = attempts.filter((attempt) => attempt.status === 409 && attempt.message === 'Out of Stock').length;
    const other = attempts.length - placed - outOfStock;
    const latency = distribution(attempts.map((attempt) => attempt.ms));
    const finalLeft = stock ? stock.on_hand - stock.held - stock.sold : Number.NaN;
    const otherStatuses = [
      ...new Set(attempts.filter((a) => a.status !== 200 && a.status !== 409).map((a) => `${a.status} ${a.message ?? ''}`)),
    ];
    return {
      figures: [
        {
          group: GROUP,
          label: `orders placed (${buyers} buyers, ${units} units)`,
          value: placed,
          unit: '',
          target: { op: '==', value: units },
        },
        { group: GROUP, label: "refused with 'Out of Stock'", value: outOfStock, unit: '', target: { op: '==', value: buyers - units } },
        {
          group: GROUP,
          label: 'other answers',
          value: other,
          unit: '',
          target: { op: '==', value: 0 },
          ...(otherStatuses.length ? { note: otherStatuses.join(', ').slice(0, 120) } : {}),
        },
        {
          group: GROUP,
          label: `lowest units left while it ran (${samples} samples)`,
          value: Math.min(lowest, finalLeft),
          unit: '',
          target: { op: '>=', value: 0 },
        },
        { group: GROUP, label: 'placement p50', value: latency.p50, unit: 'ms' },
        { group: GROUP, label: 'placement p99', value: latency.p99, unit: 'ms', target: { op: '<', value: 250 } },
        { group: GROUP, label: 'rate (answers per second over the burst)', value: buyers / burstS, unit: '/s' },
      ],
      raw: {
        buyers,
        units,
        setupS,
        setupResets: resets,
        burstS,
        latency,
        stock,
        lowest,
        samples,
        placed,
        outOfStock,
        other,
        otherStatuses,
      },
    };
  } finally {
    await server.stop();
  }
}
