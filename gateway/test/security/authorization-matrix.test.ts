import { randomUUID } from 'node:crypto';
import { SERVICE_NAMES } from '@elts/contracts';
import { quietDropAnchor } from '@elts/contracts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorOf } from '../../../services/payments/src/gateway/create-gateway.js';
import { ownerOf } from '../../src/routes.js';
import { type CallResult, type ProductUnderTest, startProduct } from '../support/product.js';
import { ACCESS, type DeclaredRoute, declaredRoute, type Fixture } from './access-table.js';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

type Caller = 'nobody' | 'member' | 'otherMember' | 'admin';

/**
 * The authorization matrix (issue 9, suite 1): every public route the services serve, called with no session, a
 * member's session, another member's session and an admin's session, against the outcome declared once in
 * access-table.ts. Runs on PGlite: authorization does not depend on the database.
 */
describe('authorization matrix', () => {
  let harness: ProductUnderTest;
  const fixtures = {} as Record<Fixture, string>;
  const tokens = {} as Record<Exclude<Caller, 'nobody'>, string>;
  const routes: string[] = [];

  beforeAll(async () => {
    // The giveaway opens at once, so that entering it is decided by the session alone.
    // Calendar drops days away whatever the day: the waiting room's row answers its 409 even on a drop's Friday night.
    harness = await startProduct('pglite', { GIVEAWAY_OPENS_AT_MEMBERS: '1', DROP_ANCHOR_DATE: quietDropAnchor() });
    for (const name of SERVICE_NAMES) {
      for (const route of harness.product.services[name].instance.app.routes) {
        if (route.method === 'ALL' || ownerOf(route.path) !== name) continue;
        const key = `${route.method} ${route.path}`;
        if (!routes.includes(key)) routes.push(key);
      }
    }
    tokens.admin = await harness.adminToken();
    tokens.member = await harness.subscriber('matrix.a@example.in', 'Asha Rao');
    tokens.otherMember = await harness.subscriber('matrix.b@example.in', 'Bina Shah');

    const now = Date.now();
    const createProduct = async (sku: string) => {
      const product = await harness.call('/product/create', {
        token: tokens.admin,
        body: {
          ...(ACCESS['POST /product/create']?.body as object),
          sku,
          saleStartAt: new Date(now - 3600_000).toISOString(),
          saleEndAt: new Date(now + 24 * 3600_000).toISOString(),
        },
      });
      expect(product.status, product.text).toBe(201);
      return product.body.data.id as string;
    };
    fixtures.productId = await createProduct('MATRIX-FIXTURE');
    fixtures.spareProductId = await createProduct('MATRIX-SPARE');
    // Member A's order to read back is of the spare product: the matrix's own order of the fixture product must not
    // meet the one-of-each rule (a working professional buys a product once).
    const order = await harness.call('/product/order', {
      token: tokens.member,
      body: { ...resolve(ACCESS['POST /product/order']!.body as object), product_id: fixtures.spareProductId },
    });
    expect(order.status, order.text).toBe(200);
    fixtures.orderId = order.body.data.order_id;
    // The reservation's checkout, as the shop opens it at once (Pay now).
    const checkout = await harness.call(`/product/order/${fixtures.orderId}/checkout`, { token: tokens.member, body: {} });
    expect(checkout.status, checkout.text).toBe(200);
    fixtures.paymentSessionId = checkout.body.data.payment_session_id;
    const current = await harness.call('/subscription/current', { token: tokens.member });
    const subscription = current.body.data.subscription;
    fixtures.subscriptionOrderId = subscription.order_id;
    fixtures.mandateId = subscription.mandate.mandate_id;
    fixtures.paymentId = subscription.latest_payment.payment_id;
    // The emulator's mandate page for member A's membership (the page a member approves it on; it stays readable).
    const cashfree = emulatorOf(harness.product.services.payments.instance.app);
    const mandate = cashfree?.state.subscriptions.get(subscription.subscription_id);
    if (!mandate) throw new Error('no mandate at the Cashfree emulator in payments');
    fixtures.mandateSessionId = mandate.entity.subscription_session_id;
    const drop = await harness.call('/admin/drops', { token: tokens.admin, body: { opensAt: inDays(10), closesAt: inDays(11) } });
    expect(drop.status, drop.text).toBe(201);
    fixtures.dropId = drop.body.data.id;
    fixtures.randomId = randomUUID();
    fixtures.idToken = (
      await harness.call('/dev/idp/id-token', { body: { email: 'matrix.a@example.in', name: 'Asha Rao' } })
    ).body.id_token;
  }, 180_000);
  afterAll(async () => {
    await harness?.stop();
  });

  function resolve<T>(value: T): T {
    return (
      JSON.parse(JSON.stringify(value ?? null).replace(/\{(\w+)\}/g, (_, name: Fixture) => fixtures[name] ?? `{${name}}`)) ?? undefined
    );
  }

  async function callAs(caller: Caller, key: string, declared: DeclaredRoute): Promise<CallResult> {
    const [method, template] = key.split(' ') as [string, string];
    let token = caller === 'nobody' ? undefined : tokens[caller];
    if (declared.endsSession && caller !== 'nobody') {
      token = caller === 'admin' ? await harness.adminToken() : await harness.signUp(`matrix.${randomUUID()}@example.in`);
    }
    if (declared.endsMembership && (caller === 'member' || caller === 'otherMember')) {
      token = await harness.subscriber(`matrix.${randomUUID()}@example.in`);
    }
    return harness.call(resolve(declared.path ?? template), {
      method,
      ...(token ? { token } : {}),
      ...(declared.body === undefined ? {} : { body: resolve(declared.body) }),
      ...(declared.form ? { form: declared.form } : {}),
    });
  }

  /** What each caller must see: 'allowed' is a success (or the row's declared refusal of everyone). */
  function expected(declared: DeclaredRoute, caller: Caller): 'refused' | 'allowed' | 'not theirs' {
    switch (declared.access) {
      case 'public':
        return 'allowed';
      case 'signed':
        return 'refused';
      case 'admin':
        return caller === 'admin' ? 'allowed' : 'refused';
      case 'member':
        if (caller === 'nobody' || caller === 'admin') return 'refused';
        return caller === 'otherMember' && declared.owner ? 'not theirs' : 'allowed';
      case 'internal':
        throw new Error('an internal operation is never reachable through the gateway');
    }
  }

  it('knows who may call every route the services serve, and holds no row for a route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((key) => !declaredRoute(key))).toEqual([]);
    expect(Object.keys(ACCESS).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('answers each caller as declared', async () => {
    const ordered = routes
      .filter((key) => declaredRoute(key))
      .sort((a, b) => Number(ACCESS[a]?.last ?? false) - Number(ACCESS[b]?.last ?? false));
    const wrong: string[] = [];
    for (const key of ordered) {
      const declared = declaredRoute(key) as DeclaredRoute;
      // The owner is called last so that a refusal to another member is not explained by a change the owner made.
      for (const caller of ['nobody', 'admin', 'otherMember', 'member'] as const) {
        const result = await callAs(caller, key, declared);
        const outcome = expected(declared, caller);
        const problem = judge(outcome, result, declared);
        if (problem) wrong.push(`${key} as ${caller}: expected ${outcome}, got ${result.status} ${result.text.slice(0, 160)} (${problem})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  /**
   * Object level, for the member reads that take no id (the session alone says whose): member B's answers never
   * carry member A's email, member id, orders, payment session, membership, mandate, payment or giveaway entry,
   * while member A's own answers do (so a marker that could never appear proves nothing). Runs after the matrix,
   * when both members have placed an order and entered the giveaway.
   */
  it("never shows member A's own objects to member B", async () => {
    const own = (path: string, token: string) =>
      harness.call(path, path === '/user/get-profile' ? { token, method: 'POST', body: {} } : { token });
    const profile = await own('/user/get-profile', tokens.member);
    const entry = await own('/user/giveaway', tokens.member);
    expect(entry.body.data).toHaveLength(1);
    const markers = {
      email: 'matrix.a@example.in',
      memberId: JSON.stringify(profile.body.data[0]).match(/"(?:_id|id|member_id|memberId)":"([^"]+)"/)?.[1] ?? 'no member id',
      orderId: fixtures.orderId,
      paymentSessionId: fixtures.paymentSessionId,
      subscriptionOrderId: fixtures.subscriptionOrderId,
      mandateId: fixtures.mandateId,
      paymentId: fixtures.paymentId,
      giveawayEntry: entry.body.data[0].entered_at as string,
    };
    expect(markers.memberId).not.toBe('no member id');
    const reads: Record<string, (keyof typeof markers)[]> = {
      '/user/get-profile': ['email', 'memberId'],
      '/product/orders/user': ['orderId'],
      '/subscription/current': ['subscriptionOrderId', 'mandateId', 'paymentId'],
      '/api/subscription/details': ['subscriptionOrderId'],
      '/api/subscription/invoices': ['paymentId'],
      '/user/giveaway': ['giveawayEntry'],
    };
    const wrong: string[] = [];
    for (const [path, ownMarkers] of Object.entries(reads)) {
      const mine = await own(path, tokens.member);
      const theirs = await own(path, tokens.otherMember);
      if (mine.status !== 200 || theirs.status !== 200) wrong.push(`${path}: answered ${mine.status} to A, ${theirs.status} to B`);
      for (const name of ownMarkers) if (!mine.text.includes(markers[name])) wrong.push(`${path}: A's own answer lacks A's ${name}`);
      for (const [name, value] of Object.entries(markers)) if (theirs.text.includes(value)) wrong.push(`${path}: B sees A's ${name}`);
    }
    expect(wrong).toEqual([]);
  });

  function judge(outcome: 'refused' | 'allowed' | 'not theirs', result: CallResult, declared: DeclaredRoute): string | undefined {
    if (result.status >= 500) return 'server error';
    if (outcome === 'allowed') {
      // An owner's request that the fixture's state refuses (an exchange of an undelivered order) still reached it.
      if (declared.owner && !declared.refusesEveryone)
        return result.status >= 200 && result.status < 300 ? undefined : 'the owner could not reach their own';
      if (declared.refusesEveryone) return result.status === declared.refusesEveryone.status ? undefined : 'not the declared answer';
      return result.status >= 200 && result.status < 400 ? undefined : 'an allowed caller did not succeed';
    }
    if (outcome === 'not theirs') {
      // Refused as if the object did not exist for them (404), forbidden (403), or not found among their own (400).
      if (![400, 403, 404].includes(result.status)) return 'another member reached it';
      if (result.text.includes('matrix.a@example.in') || result.text.includes('Asha')) return "leaks the owner's data";
      return undefined;
    }
    if (declared.access === 'signed') return result.status >= 400 && result.status < 500 ? undefined : 'accepted unsigned';
    if (result.status !== 401) return 'not 401';
    if (declared.access === 'admin' && result.body?.message !== 'Authentication required') return 'wrong message';
    return undefined;
  }
});
