import { ManualClock, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_EXPIRY_JOB } from '../src/jobs/hold-expiry.js';
import { announceMember, createProduct, inMinutes, instanceOf, internal, openWindow, startCatalog, stockRow } from './helpers.js';

const HOLD_MINUTES = 30;

describe.each(DATABASE_KINDS)('stock on %s', (kind) => {
  const available = databaseAvailable(kind);
  const clock = new ManualClock();
  let catalog: ServiceHarness;
  let admin: { token: string };
  let orderNumber = 0;
  const nextOrder = () => `ORD-${kind}-${++orderNumber}`;

  beforeAll(async () => {
    if (!available) return;
    catalog = await startCatalog(kind, { HOLD_MINUTES: String(HOLD_MINUTES), HOLD_SWEEP_SECONDS: '1' }, clock);
    admin = catalog.adminSession();
  });
  afterAll(async () => catalog?.close());
  afterEach(() => clock.reset());

  const product = (stock: number, overrides: Record<string, unknown> = {}) =>
    createProduct(catalog, admin, { stock, ...openWindow(), ...overrides });
  const hold = (productId: string, orderId = nextOrder(), quantity = 1, holdUntil = inMinutes(30)) =>
    internal(catalog, '/internal/stock/hold', { orderId, productId, quantity, holdUntil });
  const release = (orderId: string) => internal(catalog, '/internal/stock/release', { orderId });
  const commit = (orderId: string) => internal(catalog, '/internal/stock/commit', { orderId });
  const holdRow = async (orderId: string) =>
    (
      await sql<{ state: string; refusal: string | null; hold_until: Date }>`
      select state, refusal, hold_until from stock_holds where order_id = ${orderId}`.execute(catalog.db)
    ).rows[0];

  /** The movement log summed per product must give the stock row: nothing changes stock without a movement. */
  async function expectLogMatches(productId: string) {
    const sums = await sql<{ on_hand: number; held: number; sold: number }>`
      select coalesce(sum(on_hand_delta), 0)::int as on_hand, coalesce(sum(held_delta), 0)::int as held, coalesce(sum(sold_delta), 0)::int as sold
      from stock_movements where product_id = ${productId}`.execute(catalog.db);
    expect(sums.rows[0]).toEqual(await stockRow(catalog, productId));
  }

  it.runIf(available)('lets exactly 3 of 50 racing buyers hold the last 3 units, and never goes below zero', async () => {
    const { id } = await product(3);
    const orders = Array.from({ length: 50 }, () => nextOrder());
    const answers = await Promise.all(orders.map((orderId) => hold(id, orderId)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const held = answers.filter((answer) => answer.body.data.held);
    expect(held).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.data.reason === 'out_of_stock')).toHaveLength(47);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 3, held: 3, sold: 0 });
    const states = await sql<{ state: string; n: number }>`
      select state, count(*)::int as n from stock_holds where product_id = ${id} group by state order by state`.execute(catalog.db);
    expect(states.rows).toEqual([
      { state: 'held', n: 3 },
      { state: 'refused', n: 47 },
    ]);
    const internalView = await internal(catalog, `/internal/products/${id}`);
    expect(internalView.body.data.available).toBe(0);

    // The three pay; the rest retry at the same moment and still get nothing.
    const winners = orders.filter((_, index) => answers[index]?.body.data.held);
    const settled = await Promise.all([...winners.map(commit), ...Array.from({ length: 20 }, () => hold(id))]);
    expect(settled.slice(0, 3).map((answer) => answer.body.data.state)).toEqual(['committed', 'committed', 'committed']);
    expect(settled.slice(3).every((answer) => answer.body.data.held === false)).toBe(true);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 3, held: 0, sold: 3 });
    await expectLogMatches(id);
  });

  it.runIf(available)("shows shoppers live stock, on hand less units held and sold: what 'Only N left!' counts", async () => {
    const { id } = await product(7, { name: 'Hawkins Livestock Pressure Cooker' });
    const member = await announceMember(catalog, { need: ['Hawkins Livestock Pressure Cooker'] });
    const shown = async () => {
      const find = (body: any) => body.data.products.find((each: { id: string }) => each.id === id)?.stock;
      const visitors = await catalog.json('/product/list?enabled_only=true&limit=15');
      const members = await catalog.json('/product/list?enabled_only=true&limit=15', { token: member.token });
      const variants = await catalog.json(`/product/${id}/variants`);
      return [find(visitors.body), find(members.body), variants.body.data.variants[0].stock];
    };
    expect(await shown()).toEqual([7, 7, 7]);
    const first = nextOrder();
    await hold(id, first, 3);
    expect(await shown()).toEqual([4, 4, 4]);
    const second = nextOrder();
    await hold(id, second, 2);
    await commit(second);
    expect(await shown()).toEqual([2, 2, 2]);
    await release(first);
    expect(await shown()).toEqual([5, 5, 5]);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 7, held: 0, sold: 2 });
  });

  it.runIf(available)('refuses, at the database, any change that would make available stock negative', async () => {
    const { id } = await product(1);
    await expect(sql`update stock set held = held + 2 where product_id = ${id}`.execute(catalog.db)).rejects.toMatchObject({
      code: '23514',
    });
  });

  it.runIf(available)('answers a repeated hold as the first, however many arrive at once', async () => {
    const { id } = await product(5);
    const orderId = nextOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => hold(id, orderId, 2)));
    const first = answers[0]?.body.data;
    expect(first).toMatchObject({ held: true, productId: id, quantity: 2 });
    for (const answer of answers) expect(answer.body.data).toEqual(first);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 5, held: 2, sold: 0 });
    const other = await hold(id, orderId, 3);
    expect(other.status).toBe(409);
    await expectLogMatches(id);
  });

  it.runIf(available)('refuses unknown, disabled, not yet on sale and sold-out products, and repeats its refusal', async () => {
    expect((await hold('PRD-NOPE00')).body.data).toEqual({ held: false, reason: 'not_found' });
    const disabled = await product(5);
    await catalog.json(`/product/toggle-status/${disabled.id}`, { method: 'PUT', token: admin.token });
    expect((await hold(disabled.id)).body.data).toEqual({ held: false, reason: 'not_buyable' });
    const later = await product(5, { saleStartAt: inMinutes(60), saleEndAt: inMinutes(120) });
    expect((await hold(later.id)).body.data).toEqual({ held: false, reason: 'not_buyable' });
    const ended = await product(5, { saleStartAt: inMinutes(-120), saleEndAt: inMinutes(-60) });
    expect((await hold(ended.id)).body.data).toEqual({ held: false, reason: 'not_buyable' });

    const soldOut = await product(0);
    const orderId = nextOrder();
    expect((await hold(soldOut.id, orderId)).body.data).toEqual({ held: false, reason: 'out_of_stock' });
    await catalog.json(`/product/update/${soldOut.id}`, { method: 'PUT', token: admin.token, body: { ...soldOutForm(), stock: 5 } });
    // Same order id: the first answer stands (the orders saga already told its buyer).
    expect((await hold(soldOut.id, orderId)).body.data).toEqual({ held: false, reason: 'out_of_stock' });
    expect((await hold(soldOut.id)).body.data.held).toBe(true);
  });

  it.runIf(available)('holds an exchange’s replacement outside the sale window, never of a disabled product', async () => {
    // The member bought it in its window (docs/decisions/0025); the unit sent in its place needs none.
    const replacement = (productId: string) =>
      internal(catalog, '/internal/stock/hold', {
        orderId: nextOrder(),
        productId,
        quantity: 1,
        holdUntil: inMinutes(30),
        replacement: true,
      });
    const ended = await product(2, { saleStartAt: inMinutes(-120), saleEndAt: inMinutes(-60) });
    expect((await replacement(ended.id)).body.data).toMatchObject({ held: true, productId: ended.id, quantity: 1 });
    expect(await stockRow(catalog, ended.id)).toEqual({ on_hand: 2, held: 1, sold: 0 });
    const disabled = await product(5);
    await catalog.json(`/product/toggle-status/${disabled.id}`, { method: 'PUT', token: admin.token });
    expect((await replacement(disabled.id)).body.data).toEqual({ held: false, reason: 'not_buyable' });
    await expectLogMatches(ended.id);
  });

  const soldOutForm = () => ({
    name: 'Restocked',
    price: 100,
    category: 'Books',
    stock: 0,
    images: ['/product/images/book.svg'],
    descriptions: [{ title: 'About', content: 'Back in stock.' }],
    ...openWindow(),
  });

  it.runIf(available)('releases once, whatever the number of calls, and reports what it found', async () => {
    const { id } = await product(4);
    const orderId = nextOrder();
    await hold(id, orderId, 3);
    const answers = await Promise.all([release(orderId), release(orderId), release(orderId)]);
    expect(answers.map((answer) => answer.body.data.state)).toEqual(['released', 'released', 'released']);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 4, held: 0, sold: 0 });
    expect((await release('ORD-never-held')).body.data).toEqual({ state: 'none' });
    const committed = nextOrder();
    await hold(id, committed);
    await commit(committed);
    expect((await release(committed)).body.data).toEqual({ state: 'committed' });
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 4, held: 0, sold: 1 });
    await expectLogMatches(id);
  });

  it.runIf(available)('keeps a hold that arrives after its order was released from taking any unit', async () => {
    const { id } = await product(2);
    const late = nextOrder();
    const asked = { orderId: late, productId: id, quantity: 2 };
    // The caller lost the hold's answer and released the order before the hold itself reached the catalog.
    expect((await internal(catalog, '/internal/stock/release', asked)).body.data).toEqual({ state: 'none' });
    expect((await internal(catalog, '/internal/stock/release', asked)).body.data).toEqual({ state: 'none' });
    expect((await hold(id, late, 2)).body.data).toEqual({ held: false, reason: 'not_buyable' });
    expect((await commit(late)).body.data).toEqual({ state: 'none' });
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 2, held: 0, sold: 0 });
    // The units are there for everyone else at once.
    expect((await hold(id, nextOrder(), 2)).body.data).toMatchObject({ held: true, quantity: 2 });

    // And a hold that got there first is released as usual, by the same call.
    const { id: other } = await product(1);
    const first = nextOrder();
    await hold(other, first);
    expect((await internal(catalog, '/internal/stock/release', { orderId: first, productId: other, quantity: 1 })).body.data).toEqual({
      state: 'released',
    });
    expect(await stockRow(catalog, other)).toEqual({ on_hand: 1, held: 0, sold: 0 });
    await expectLogMatches(id);
    await expectLogMatches(other);
  });

  it.runIf(available)("hands a released order's units to waitlisted members one by one, never free in between, once each", async () => {
    const { id } = await product(2);
    const giver = nextOrder();
    await hold(id, giver, 2);
    const handOver = (toOrderId: string) =>
      internal(catalog, '/internal/stock/hand-over', { fromOrderId: giver, toOrderId, holdUntil: inMinutes(30) });
    const [first, second, third] = [nextOrder(), nextOrder(), nextOrder()];
    // The same taker asked three times at once: one unit moves.
    const answers = await Promise.all([handOver(first), handOver(first), handOver(first)]);
    expect(answers.map((answer) => answer.body.data.held)).toEqual([true, true, true]);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 2, held: 2, sold: 0 });
    expect((await handOver(second)).body.data).toMatchObject({ held: true, productId: id, quantity: 1 });
    expect(await holdRow(giver)).toMatchObject({ state: 'handed' });
    // Nothing left to hand: the third member gets nothing, and the giver's release finds nothing to give back.
    expect((await handOver(third)).body.data).toEqual({ held: false, reason: 'out_of_stock' });
    expect((await release(giver)).body.data).toEqual({ state: 'released' });
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 2, held: 2, sold: 0 });
    // The takers' holds are ordinary holds: one is paid, the other released back on sale.
    expect((await commit(first)).body.data).toEqual({ state: 'committed' });
    expect((await release(second)).body.data).toEqual({ state: 'released' });
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 2, held: 0, sold: 1 });
    await expectLogMatches(id);
  });

  it.runIf(available)('commits once, whatever the number of calls', async () => {
    const { id } = await product(2);
    const orderId = nextOrder();
    await hold(id, orderId, 2);
    const answers = await Promise.all([commit(orderId), commit(orderId), commit(orderId)]);
    expect(answers.map((answer) => answer.body.data.state)).toEqual(['committed', 'committed', 'committed']);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 2, held: 0, sold: 2 });
    expect((await commit('ORD-never-held')).body.data).toEqual({ state: 'none' });
    const moves = await sql<{ kind: string }>`select kind from stock_movements where product_id = ${id} order by id`.execute(catalog.db);
    expect(moves.rows.map((row) => row.kind)).toEqual(['restock', 'hold', 'commit']);
  });

  it.runIf(available)('holds for at least HOLD_MINUTES, whatever the caller asks, and at most a day', async () => {
    const { id } = await product(5);
    const short = nextOrder();
    const before = Date.now();
    const answer = await hold(id, short, 1, inMinutes(-5));
    expect(new Date(answer.body.data.holdUntil).getTime()).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000);
    const long = nextOrder();
    const far = await hold(id, long, 1, inMinutes(7 * 24 * 60));
    expect(new Date(far.body.data.holdUntil).getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
  });

  it.runIf(available)('commits a hold that expired while the payment was late if the units are still there', async () => {
    const { id } = await product(1);
    const orderId = nextOrder();
    await hold(id, orderId);
    clock.advance((HOLD_MINUTES + 1) * 60_000);
    await instanceOf(catalog).scheduler.runNow(HOLD_EXPIRY_JOB);
    expect((await holdRow(orderId))?.state).toBe('expired');
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 1, held: 0, sold: 0 });
    expect((await commit(orderId)).body.data).toEqual({ state: 'committed' });
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 1, held: 0, sold: 1 });
    await expectLogMatches(id);
  });

  it.runIf(available)("answers 'released' to a late commit whose units were sold meanwhile, so the caller refunds", async () => {
    const { id } = await product(1);
    const late = nextOrder();
    await hold(id, late);
    clock.advance((HOLD_MINUTES + 1) * 60_000);
    // Another buyer arrives before the sweeper: the expired hold gives its unit back within that buyer's hold.
    const other = nextOrder();
    expect((await hold(id, other)).body.data.held).toBe(true);
    expect((await holdRow(late))?.state).toBe('expired');
    await commit(other);
    expect((await commit(late)).body.data).toEqual({ state: 'released' });
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 1, held: 0, sold: 1 });
    await expectLogMatches(id);
  });

  it.runIf(available)('gives back the units of a hold whose caller crashed, by the recurring job alone', async () => {
    const { id } = await product(2);
    const crashed = nextOrder();
    await hold(id, crashed, 2);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 2, held: 2, sold: 0 });
    clock.advance((HOLD_MINUTES + 1) * 60_000);
    // Nobody calls release or commit: the job (every second here) must notice on its own.
    await eventually(async () => (await stockRow(catalog, id))?.held === 0, 15_000, 100);
    expect((await holdRow(crashed))?.state).toBe('expired');
    const expiry = await sql<{ kind: string; actor: string; held_delta: number }>`
      select kind, actor, held_delta from stock_movements where order_id = ${crashed} and kind = 'expire'`.execute(catalog.db);
    expect(expiry.rows).toEqual([{ kind: 'expire', actor: 'system:hold-expiry', held_delta: -2 }]);
    expect((await internal(catalog, `/internal/products/${id}`)).body.data.available).toBe(2);
    await expectLogMatches(id);
  });

  it.runIf(available)('tells orders the price in paise, the window that applies and the units available', async () => {
    const window = openWindow();
    const { id } = await product(7, { ...window, price: 1999.5, amazonPrice: 2999 });
    await hold(id, nextOrder(), 2);
    const { status, body } = await internal(catalog, `/internal/products/${id}`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id,
      name: 'Sony WH-1000XM5 Wireless Headphones',
      brand: 'Sony',
      category: 'Electronics',
      images: ['/product/images/headphones.svg'],
      pricePaise: 199_950,
      amazonPricePaise: 299_900,
      // When the operator recorded it: the order keeps both (decision 0156).
      amazonPriceRecordedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      isEnabled: true,
      saleStartAt: new Date(window.saleStartAt).toISOString(),
      saleEndAt: new Date(window.saleEndAt).toISOString(),
      // A window of its own: no drop's waiting room stands before it (docs/decisions/0153).
      dropId: null,
      available: 5,
      // Its versions count as one product for orders' one-of-each rule; this product is in no group.
      variantGroup: null,
    });
    expect((await internal(catalog, '/internal/products/PRD-NOPE00')).status).toBe(404);
  });

  it.runIf(available)('answers internal calls only to callers with the service token, and checks their bodies', async () => {
    const { id } = await product(1);
    const body = { orderId: nextOrder(), productId: id, quantity: 1, holdUntil: inMinutes(30) };
    const anonymous = await catalog.json('/internal/stock/hold', { method: 'POST', body });
    expect(anonymous.status).toBe(401);
    const asAdmin = await catalog.json(`/internal/products/${id}`, { token: admin.token });
    expect(asAdmin.status).toBe(401);
    expect(await stockRow(catalog, id)).toEqual({ on_hand: 1, held: 0, sold: 0 });
    const bad = await internal(catalog, '/internal/stock/hold', { ...body, quantity: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['quantity']);
    expect((await internal(catalog, '/internal/stock/commit', {})).status).toBe(400);
  });

  it.runIf(available)("shows operators the sale in progress: each product's units left, reserved, sold and released", async () => {
    const { id } = await product(5, { name: 'Live Kettle' });
    const [sold, given, kept] = [nextOrder(), nextOrder(), nextOrder()];
    for (const order of [sold, given, kept]) expect((await hold(id, order)).body.data.held).toBe(true);
    await commit(sold);
    await release(given);
    const live = await catalog.json('/admin/drops/live', { token: admin.token });
    expect(live.status).toBe(200);
    expect(live.body.data.products.find((p: { id: string }) => p.id === id)).toMatchObject({
      name: 'Live Kettle',
      left: 3,
      reserved: 1,
      sold: 1,
      released: 1,
    });
    // A product whose sale has not opened is not in it; members may not look.
    const later = (await product(5, { saleStartAt: inMinutes(60), saleEndAt: inMinutes(120) })).id;
    const again = await catalog.json('/admin/drops/live', { token: admin.token });
    expect(again.body.data.products.map((p: { id: string }) => p.id)).not.toContain(later);
    expect((await catalog.json('/admin/drops/live', { token: catalog.memberSession().token })).status).toBe(401);
  });
});
