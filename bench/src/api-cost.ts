/**
 * Item 1, API cost: server CPU per request and p99 for a bare Hono JSON route (the baseline, measured in the same
 * run) and for four product routes through the gateway, in the all-in-one process and in the distributed topology.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_ENV, adminToken, BUSINESS_PROFILE, call, createProduct, orderBody, pay, subscriber, until } from './client.js';
import { startDistributed } from './distributed.js';
import { measureRoute, type Plan, type Route, type RouteCost } from './load.js';
import { type ServerProcess, startServer } from './server-process.js';
import { type Figure, ratio } from './stats.js';

const GROUP = 'API cost (autocannon, 50 connections)';

/**
 * The member whose board, profile and orders are measured: a subscriber with lists and three paid orders of one
 * product (a business with a GSTIN, who may; each is paid before the next, as a member may leave only two unpaid).
 */
export async function prepareMember(server: ServerProcess): Promise<string> {
  const base = server.baseURL;
  const token = await subscriber(base, `bench.member.${randomUUID().slice(0, 8)}@example.in`, BUSINESS_PROFILE);
  const admin = await adminToken(base);
  const productId = await createProduct(base, admin, 50, randomUUID().slice(0, 6));
  await until(
    async () => (await call(base, '/product/list?enabled_only=true&limit=15', { token })).body?.data?.personalised === true,
    30_000,
    "the member's own board",
  );
  for (let n = 0; n < 3; n++) {
    let placed = await call(base, '/product/order', { token, body: orderBody(productId) });
    // The orders service learns of the membership from events, a moment after the simulator approved it.
    const deadline = Date.now() + 30_000;
    while (placed.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      placed = await call(base, '/product/order', { token, body: orderBody(productId) });
    }
    if (placed.status !== 200) throw new Error(`order placement answered ${placed.status}: ${JSON.stringify(placed.body)}`);
    await pay(base, token, placed.body.data.order_id);
  }
  return token;
}

export function productRoutes(token: string): Route[] {
  return [
    { name: 'visitor deals board', path: '/product/list?enabled_only=true&limit=15' },
    { name: 'member deals board', path: '/product/list?enabled_only=true&limit=15', token },
    { name: 'POST /user/get-profile', method: 'POST', path: '/user/get-profile', token },
    { name: 'GET /product/orders/user', path: '/product/orders/user?page=1&limit=10', token },
  ];
}

/** The ratio target of each product route against the bare route. */
export const CPU_RATIO_TARGETS: Record<string, number> = {
  'visitor deals board': 4,
  'member deals board': 10,
  'POST /user/get-profile': 10,
};

export interface ApiCost {
  baseline: RouteCost;
  allInOne: Record<string, RouteCost>;
  startMs: number;
}

export async function measureBaseline(plan: Plan): Promise<RouteCost> {
  const bare = await startServer('bare-hono.ts');
  try {
    return await measureRoute(bare, { name: 'bare Hono JSON route', path: '/hello' }, plan);
  } finally {
    await bare.stop();
  }
}

/** How many products the catalogue holds, enabled or not (what the bench's peer is seeded with). */
export async function countProducts(base: string): Promise<number> {
  const answer = await call(base, '/product/list?enabled_only=false&limit=1000', { token: await adminToken(base) });
  if (answer.status !== 200) throw new Error(`the product list answered ${answer.status}`);
  return (answer.body.data.products as unknown[]).length;
}

/**
 * The product routes (all four, or those `names` picks) with the same member setup, on a server `start` answers
 * (all-in-one by default), and how many products the catalogue then holds.
 */
export async function measureProduct(
  plan: Plan,
  start: () => Promise<ServerProcess> = () => startServer('all-in-one.ts', ADMIN_ENV),
  names?: readonly string[],
) {
  const server = await start();
  try {
    const token = await prepareMember(server);
    const products = await countProducts(server.baseURL);
    const costs: Record<string, RouteCost> = {};
    for (const route of productRoutes(token).filter((route) => !names || names.includes(route.name))) {
      costs[route.name] = await measureRoute(server, route, plan);
    }
    return { costs, products, server: { startMs: server.startMs, rss: (await server.usage()).rss } };
  } finally {
    await server.stop();
  }
}

/** The same routes in the distributed topology (gateway and services over HTTP, PostgreSQL, NATS). */
export const measureDistributed = (plan: Plan) => measureProduct(plan, startDistributed);

/** The distributed topology may cost at most this many times the all-in-one per request (issue 8, item 1). */
export const DISTRIBUTED_TARGET = 2;

export function distributedFigures(
  baseline: RouteCost,
  allInOne: Record<string, RouteCost>,
  distributed: Record<string, RouteCost>,
): Figure[] {
  const figures: Figure[] = [];
  for (const [name, cost] of Object.entries(distributed)) {
    const database = cost.parts?.postgres;
    figures.push({
      group: GROUP,
      label: `distributed, ${name}: CPU per request`,
      value: cost.cpuUsPerRequest,
      unit: 'µs',
      ...(database !== undefined ? { note: `PostgreSQL ${Math.round(database)} µs of it` } : {}),
    });
    figures.push({
      group: GROUP,
      label: `distributed, ${name}: CPU ÷ baseline`,
      value: ratio(cost.cpuUsPerRequest, baseline.cpuUsPerRequest),
      unit: '×',
    });
    figures.push({
      group: GROUP,
      label: `distributed, ${name}: CPU ÷ all-in-one`,
      value: ratio(cost.cpuUsPerRequest, allInOne[name]?.cpuUsPerRequest ?? Number.NaN),
      unit: '×',
      target: { op: '<=', value: DISTRIBUTED_TARGET },
    });
    figures.push({
      group: GROUP,
      label: `distributed, ${name}: p99`,
      value: cost.p99Ms,
      unit: 'ms',
      target: { op: '<', value: 20 },
      ...(cost.failures ? { note: `${cost.failures} answers were not 2xx` } : {}),
    });
  }
  return figures;
}

export function apiCostFigures(baseline: RouteCost, product: Record<string, RouteCost>): Figure[] {
  const figures: Figure[] = [
    { group: GROUP, label: 'bare Hono JSON route: CPU per request', value: baseline.cpuUsPerRequest, unit: 'µs' },
    { group: GROUP, label: 'bare Hono JSON route: p99', value: baseline.p99Ms, unit: 'ms' },
  ];
  for (const [name, cost] of Object.entries(product)) {
    figures.push({ group: GROUP, label: `${name}: CPU per request`, value: cost.cpuUsPerRequest, unit: 'µs' });
    const target = CPU_RATIO_TARGETS[name];
    figures.push({
      group: GROUP,
      label: `${name}: CPU ÷ baseline`,
      value: ratio(cost.cpuUsPerRequest, baseline.cpuUsPerRequest),
      unit: '×',
      ...(target ? { target: { op: '<=', value: target } } : {}),
    });
    figures.push({
      group: GROUP,
      label: `${name}: p99`,
      value: cost.p99Ms,
      unit: 'ms',
      target: { op: '<', value: 20 },
      ...(cost.failures ? { note: `${cost.failures} answers were not 2xx` } : {}),
    });
  }
  return figures;
}
