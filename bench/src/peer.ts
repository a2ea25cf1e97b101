/**
 * Issue 23's peer in the same run: Vendure 3's shop API product list (`products(options: { take: 15 })`), as an
 * anonymous visitor and as a signed-in customer, with as many products as our all-in-one holds when the api step
 * measures its deals board, under the same load (`measureRoute`) and the same CPU accounting (the server's core, the
 * database's backends included). Ratios against our visitor and member boards from the same run: the api step's
 * figures, or measured here when that step did not run.
 */
import { measureProduct } from './api-cost.js';
import { POSTGRES_URL, reachable } from './client.js';
import { FULL, measureRoute, type Plan, QUICK, type Route, type RouteCost } from './load.js';
import { type Figure, ratio } from './stats.js';
import { installPeer, type Peer, startVendure } from './vendure.js';

const GROUP = 'Peer: Vendure 3 shop API (autocannon, 50 connections)';
const VISITOR = 'visitor deals board';
const MEMBER = 'member deals board';

/** What our board answers, as Vendure's fields: name, slug, description, price, picture, stock. */
const PRODUCT_LIST = `{ products(options: { take: 15 }) { totalItems items { id name slug description
  featuredAsset { preview } variants { id sku price priceWithTax currencyCode stockLevel } } } }`;

/** Our side of the comparison: the api step's all-in-one (its `raw.api.allInOne`). */
export interface OurBoards {
  costs: Record<string, RouteCost>;
  products: number;
}

async function graphql(base: string, api: 'shop-api' | 'admin-api', query: string, token?: string) {
  const response = await fetch(`${base}/${api}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  if (response.status !== 200 || body.errors) throw new Error(`Vendure's ${api} answered ${response.status}: ${JSON.stringify(body)}`);
  return { data: body.data, token: response.headers.get('vendure-auth-token') ?? token };
}

/** Signs in through a `login` mutation of either API and answers the bearer token Vendure sent back. */
async function signIn(base: string, api: 'shop-api' | 'admin-api', username: string, password: string): Promise<string> {
  const { data, token } = await graphql(
    base,
    api,
    `mutation { login(username: ${JSON.stringify(username)}, password: ${JSON.stringify(password)}) {
      ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`,
  );
  if (!data.login.id || !token) throw new Error(`Vendure's ${api} login failed: ${JSON.stringify(data.login)}`);
  return token;
}

/** A verified customer made by the superadmin (a password given makes it verified), signed in to the shop API. */
async function customerToken(peer: Peer): Promise<string> {
  const admin = await signIn(peer.baseURL, 'admin-api', peer.superadmin.username, peer.superadmin.password);
  const customer = { email: 'bench.member@example.in', password: 'a long passphrase for the peer' };
  const { data } = await graphql(
    peer.baseURL,
    'admin-api',
    `mutation { createCustomer(input: { emailAddress: "${customer.email}", firstName: "Bench", lastName: "Rao" },
      password: "${customer.password}") { ... on Customer { id } ... on ErrorResult { errorCode message } } }`,
    admin,
  );
  if (!data.createCustomer.id) throw new Error(`Vendure's createCustomer failed: ${JSON.stringify(data.createCustomer)}`);
  return signIn(peer.baseURL, 'shop-api', customer.email, customer.password);
}

/** The list must hold every seeded product and answer a page of them: a list of errors would measure nothing. */
async function checkList(peer: Peer, products: number, token?: string): Promise<void> {
  const { data } = await graphql(peer.baseURL, 'shop-api', PRODUCT_LIST, token);
  const { totalItems, items } = data.products as { totalItems: number; items: unknown[] };
  if (totalItems !== products || items.length !== Math.min(15, products)) {
    throw new Error(`Vendure's product list holds ${totalItems} products (${items.length} answered), not ${products}`);
  }
}

/**
 * The api step's load (50 connections, a warm-up, its runs, medians) in counts Vendure finishes within the cap: it
 * answers this list at a few requests a second on one core here, so 50 queued requests wait seconds each, and a run
 * cut short by `maxS` (or a request autocannon gives up) would leave work in flight whose CPU counts for no answer.
 */
const peerPlan = (plan: Plan): Plan => ({
  ...plan,
  warmupRequests: 50,
  requests: plan.runs > 1 ? 75 : 50,
  maxS: 60,
  timeoutS: 60,
});

async function measureVendure(products: number, plan: Plan) {
  const peer = await startVendure(products);
  try {
    console.log(`  Vendure started and seeded ${products} products in ${(peer.startMs / 1000).toFixed(0)} s`);
    const token = await customerToken(peer);
    await checkList(peer, products);
    await checkList(peer, products, token);
    const route = (name: string, bearer?: string): Route => ({
      name,
      method: 'POST',
      path: '/shop-api',
      body: JSON.stringify({ query: PRODUCT_LIST }),
      ...(bearer ? { token: bearer } : {}),
    });
    const visitor = await measureRoute(peer, route('Vendure product list, visitor'), plan);
    const signedIn = await measureRoute(peer, route('Vendure product list, signed in', token), plan);
    return { visitor, signedIn, startMs: peer.startMs, rss: (await peer.usage()).rss };
  } finally {
    await peer.stop();
  }
}

function peerFigures(ours: OurBoards, vendure: { visitor: RouteCost; signedIn: RouteCost }): Figure[] {
  const figures: Figure[] = [{ group: GROUP, label: 'products in each catalogue', value: ours.products, unit: '' }];
  for (const [label, cost] of [
    ['Vendure product list, visitor', vendure.visitor],
    ['Vendure product list, signed in', vendure.signedIn],
  ] as const) {
    const database = cost.parts?.postgres;
    figures.push(
      {
        group: GROUP,
        label: `${label}: CPU per request`,
        value: cost.cpuUsPerRequest,
        unit: 'µs',
        ...(database !== undefined ? { note: `PostgreSQL ${Math.round(database)} µs of it` } : {}),
      },
      {
        group: GROUP,
        label: `${label}: p99`,
        value: cost.p99Ms,
        unit: 'ms',
        ...(cost.failures ? { note: `${cost.failures} answers were not 2xx` } : {}),
      },
    );
  }
  for (const [label, board, cost] of [
    [`${VISITOR} CPU ÷ Vendure product list`, VISITOR, vendure.visitor],
    [`${MEMBER} CPU ÷ Vendure product list (signed in)`, MEMBER, vendure.signedIn],
  ] as const) {
    const value = ratio(ours.costs[board]?.cpuUsPerRequest ?? Number.NaN, cost.cpuUsPerRequest);
    figures.push({
      group: GROUP,
      label,
      value,
      unit: '×',
      target: { op: '<', value: 1 },
      // Two decimals read a tiny ratio as 0×: the inverse says how far apart the two are.
      ...(value > 0 ? { note: `Vendure spends ${Math.round(1 / value)}× ours` } : {}),
    });
  }
  return figures;
}

/** The peer step: `api` is this run's api step's raw figures, when it ran. */
export async function measurePeer(quick: boolean, api?: { allInOne: OurBoards }) {
  if (!(await reachable(POSTGRES_URL))) {
    return { figures: [], raw: undefined, notes: [`The Vendure peer was not measured: it needs PostgreSQL at ${POSTGRES_URL}.`] };
  }
  const plan = quick ? QUICK : FULL;
  const installS = installPeer();
  console.log(
    installS === undefined ? '  Vendure already installed (bench/peer/vendure)' : `  installed Vendure in ${installS.toFixed(0)} s`,
  );
  let ours = api?.allInOne;
  if (!ours) {
    console.log('  the api step did not run: our boards measured here');
    ours = await measureProduct(plan, undefined, [VISITOR, MEMBER]);
  }
  const vendure = await measureVendure(ours.products, peerPlan(plan));
  return {
    figures: peerFigures(ours, vendure),
    raw: { ...vendure, products: ours.products, ...(installS !== undefined ? { installS } : {}) },
    notes: [
      `Peer: Vendure 3 (bench/peer/vendure, exact versions), its shop API's products(take: 15) as a GraphQL POST with id, name, slug, description, picture preview, price and stock level, on ${ours.products} products with one variant each (as many as our catalogue when the board is measured). CPU is the Vendure process and its PostgreSQL backends (/proc, 10 ms ticks), all pinned to the server core; no worker process. Same 50 connections, but ${peerPlan(plan).requests} requests a run (Vendure answers a few a second) with a 60 s time-out. Ours is the all-in-one with PGlite inside its process; docs/decisions/0051-benchmark-peer.md says what the ratios mean.`,
    ],
  };
}
