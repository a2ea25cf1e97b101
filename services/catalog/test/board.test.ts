import { randomUUID } from 'node:crypto';
import { ManualClock, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { announceMember, createProduct, inMinutes, internal, openWindow, startCatalog } from './helpers.js';

type Board = {
  products: {
    id: string;
    section: string;
    matchedItem?: string;
    matchedList?: string;
    stock: number;
    saleState: string;
    [key: string]: unknown;
  }[];
  sections: { lists: string[]; trending: string[]; exclusive: string[]; newest: string[] };
  personalised: boolean;
  access?: string;
};

async function boardFor(catalog: ServiceHarness, token?: string, limit = 15): Promise<Board> {
  const { status, body } = await catalog.json(`/product/list?enabled_only=true&limit=${limit}`, token ? { token } : {});
  expect(status).toBe(200);
  expect(body.is_success).toBe(true);
  return body.data;
}

const ids = (board: Board) => board.products.map((product) => product.id);

async function completeOrder(catalog: ServiceHarness, productId: string, quantity: number) {
  const orderId = `ORD-${randomUUID().slice(0, 8)}`;
  await catalog.source('orders').append(`order-${orderId}`, 0, [
    {
      type: 'OrderCompleted',
      data: {
        orderId,
        memberId: randomUUID(),
        productId,
        quantity,
        amountPaise: 100_000,
        paymentId: `PAY-${orderId}`,
        transactionId: null,
        method: 'upi',
      },
    },
  ]);
  await eventually(async () => {
    const row = await sql`select 1 from completed_orders where order_id = ${orderId}`.execute(catalog.db);
    return row.rows.length === 1;
  });
}

describe.each(DATABASE_KINDS)('the deals board on %s', (kind) => {
  const available = databaseAvailable(kind);
  const clock = new ManualClock();
  let catalog: ServiceHarness;
  let admin: { token: string };
  const p: Record<string, string> = {};

  beforeAll(async () => {
    if (!available) return;
    catalog = await startCatalog(kind, {}, clock);
    admin = catalog.adminSession();
    const make = async (key: string, name: string, extra: Record<string, unknown> = {}) => {
      p[key] = (await createProduct(catalog, admin, { name, brand: '', category: 'Books', ...openWindow(), ...extra })).id;
    };
    // Matches for the member's lists.
    await make('iphone', 'Apple iPhone 15 (128 GB)', { brand: 'Apple', category: 'Electronics' });
    await make('galaxy', 'Galaxy S24 Smartphone', { brand: 'Samsung', category: 'Electronics' });
    await make('pegasus', 'Pegasus 41 Running Shoes', { brand: 'Nike', category: 'Clothing' });
    await make('velocity', 'Velocity Nitro Running Shoe', { brand: 'Puma', category: 'Clothing' });
    await make('perfume', 'Oudh Ghazal Perfume', { brand: 'Forest Essentials', category: 'Beauty & Personal Care' });
    // Exclusive launches, oldest to newest.
    for (const n of [1, 2, 3, 4, 5, 6]) await make(`exclusive${n}`, `Members Launch Edition ${'ABCDEF'[n - 1]}`, { exclusive: true });
    // The rest of the catalogue: board games, kitchen and car things nobody listed.
    const fillers = [
      'Monopoly India Edition',
      'Pressure Cooker 5 L',
      'Thermosteel Flask',
      'Tyre Inflator',
      'Cricket Bat',
      'Yoga Mat',
      'Desk Lamp',
      'Snake Plant',
    ];
    for (const [index, name] of fillers.entries()) await make(`filler${index + 1}`, name);

    // Community interest: two products ordered; one wanted by more members than the tests below will ever add
    // for their own list items (ordering outweighs wanting, whatever the counts).
    await completeOrder(catalog, p.filler1 as string, 3);
    await completeOrder(catalog, p.filler2 as string, 1);
    for (let i = 0; i < 15; i++) {
      await announceMember(catalog, i % 2 ? { need: ['flask'], status: 'none' } : { greed: ['thermosteel flask'], status: 'none' });
    }
  });
  afterAll(async () => catalog?.close());
  afterEach(() => clock.reset());

  it.runIf(available)(
    'gives an active subscriber five products matching their lists, need items first, each with the item it matched',
    async () => {
      const member = await announceMember(catalog, { need: ['iphone', 'phone'], greed: ['running shoes', 'perfume'] });
      const board = await boardFor(catalog, member.token);
      expect(board.personalised).toBe(true);
      expect(board.access).toBeUndefined();
      // 'Running Shoe' and 'Running Shoes' match alike (singulars): the newer product first.
      expect(board.sections.lists).toEqual([p.iphone, p.galaxy, p.velocity, p.perfume, p.pegasus]);
      const matched = Object.fromEntries(
        board.products.filter((product) => product.matchedItem).map((product) => [product.id, product.matchedItem]),
      );
      expect(matched).toEqual({
        [p.iphone as string]: 'iphone',
        [p.galaxy as string]: 'phone',
        [p.pegasus as string]: 'running shoes',
        [p.perfume as string]: 'perfume',
        [p.velocity as string]: 'running shoes',
      });
      for (const product of board.products) expect(board.sections.lists.includes(product.id)).toBe(product.section === 'lists');
    },
  );

  it.runIf(available)('puts need matches before greed matches when there are more than five', async () => {
    const member = await announceMember(catalog, { need: ['running shoes', 'smartphone'], greed: ['perfume', 'iphone'] });
    const board = await boardFor(catalog, member.token);
    const lists = board.products.filter((product) => product.section === 'lists');
    // An iPhone is a smartphone (the matcher's implied kinds): the need item takes it before the greed item can.
    expect(lists.map((product) => product.matchedItem)).toEqual(['running shoes', 'smartphone', 'running shoes', 'smartphone', 'perfume']);
    expect(lists.map((product) => product.matchedList)).toEqual(['need', 'need', 'need', 'need', 'greed']);
  });

  it.runIf(available)(
    'fills the rest with trending deals (most ordered, then most wanted) and the newest exclusive launches, fifteen in all',
    async () => {
      const member = await announceMember(catalog, { need: ['iphone', 'phone'], greed: ['running shoes', 'perfume'] });
      const board = await boardFor(catalog, member.token);
      expect(board.products).toHaveLength(15);
      expect(new Set(ids(board)).size).toBe(15);
      expect(board.sections.trending.slice(0, 3)).toEqual([p.filler1, p.filler2, p.filler3]);
      expect(board.sections.exclusive.slice(0, 5)).toEqual([p.exclusive6, p.exclusive5, p.exclusive4, p.exclusive3, p.exclusive2]);
      // Trending had only three of its own: the short section was made up from the others.
      expect(
        board.sections.lists.length + board.sections.trending.length + board.sections.exclusive.length + board.sections.newest.length,
      ).toBe(15);
      expect(board.sections.trending.length + board.sections.exclusive.length + board.sections.newest.length).toBe(10);
      const sectionOf = Object.fromEntries(board.products.map((product) => [product.id, product.section]));
      expect(sectionOf[p.filler1 as string]).toBe('trending');
      expect(sectionOf[p.exclusive6 as string]).toBe('exclusive');
    },
  );

  it.runIf(available)('shows visitors a board of trending, then exclusive, then newest, never personalised', async () => {
    const board = await boardFor(catalog);
    expect(board.personalised).toBe(false);
    expect(board.access).toBeUndefined();
    expect(board.sections.lists).toEqual([]);
    expect(board.products).toHaveLength(15);
    expect(new Set(ids(board)).size).toBe(15);
    expect(board.products.some((product) => product.matchedItem)).toBe(false);
    expect(board.sections.trending.slice(0, 3)).toEqual([p.filler1, p.filler2, p.filler3]);
    expect(board.sections.trending).toHaveLength(5);
    expect(board.sections.exclusive).toEqual([p.exclusive6, p.exclusive5, p.exclusive4, p.exclusive3, p.exclusive2]);
    expect(board.sections.newest).toHaveLength(5);
    expect(ids(board)).toEqual([...board.sections.trending, ...board.sections.exclusive, ...board.sections.newest]);
  });

  it.runIf(available)('shows a member without an active subscription the public board and says why', async () => {
    for (const status of ['none', 'pending', 'expired'] as const) {
      const member = await announceMember(catalog, { need: ['iphone'], status });
      const visitor = await boardFor(catalog);
      const board = await boardFor(catalog, member.token);
      expect(board).toMatchObject({ personalised: false, access: 'subscription_required' });
      expect(ids(board)).toEqual(ids(visitor));
    }
  });

  it.runIf(available)('follows a subscription that ends, and lists that change', async () => {
    const member = await announceMember(catalog, { need: ['perfume'] });
    expect((await boardFor(catalog, member.token)).sections.lists).toEqual([p.perfume]);
    await catalog
      .source('identity')
      .append(`member-${member.memberId}`, 'any', [
        { type: 'ListsUpdated', data: { memberId: member.memberId, needList: ['cricket bat'], greedList: [] } },
      ]);
    await eventually(async () => (await boardFor(catalog, member.token)).sections.lists[0] === p.filler5);
    await catalog.source('payments').append(`subscription-${member.memberId}`, 'any', [
      {
        type: 'SubscriptionStatusChanged',
        data: { subscriptionId: 'sub', memberId: member.memberId, status: 'expired', validUntil: null },
      },
    ]);
    await eventually(async () => (await boardFor(catalog, member.token)).access === 'subscription_required');
  });

  it.runIf(available)('answers at most fifteen products, or fewer when asked', async () => {
    expect((await boardFor(catalog, undefined, 50)).products).toHaveLength(15);
    const three = await boardFor(catalog, undefined, 3);
    expect(ids(three)).toEqual([p.filler1, p.filler2, p.filler3]);
    const member = await announceMember(catalog, { need: ['iphone'] });
    expect((await boardFor(catalog, member.token, 2)).products.map((product) => product.id)[0]).toBe(p.iphone);
  });

  it.runIf(available)('counts orders of the last 14 days only', async () => {
    clock.advance(15 * 24 * 3600_000);
    const board = await boardFor(catalog);
    // The flask is still wanted; the orders are too old to count.
    expect(board.sections.trending[0]).toBe(p.filler3);
    expect(board.sections.trending.slice(0, 3)).not.toContain(p.filler1);
  });

  it.runIf(available)('sees a new product, a disabled one and a stock change at once', async () => {
    const before = await boardFor(catalog);
    const fresh = await createProduct(catalog, admin, {
      name: 'Brand New Exclusive',
      exclusive: true,
      category: 'Books',
      brand: '',
      ...openWindow(),
    });
    const after = await boardFor(catalog);
    expect(after.sections.exclusive[0]).toBe(fresh.id);
    await internal(catalog, '/internal/stock/hold', {
      orderId: `ORD-${fresh.id}`,
      productId: fresh.id,
      quantity: 4,
      holdUntil: inMinutes(30),
    });
    expect((await boardFor(catalog)).products.find((product) => product.id === fresh.id)?.stock).toBe(6);
    await catalog.json(`/product/toggle-status/${fresh.id}`, { method: 'PUT', token: admin.token });
    expect(ids(await boardFor(catalog))).toEqual(ids(before));
  });

  it.runIf(available)("matches a member's list against a product added or disabled since their last board", async () => {
    const member = await announceMember(catalog, { need: ['mirrorless camera'] });
    const second = await announceMember(catalog, { greed: ['Mirrorless  Camera'] });
    expect((await boardFor(catalog, member.token)).sections.lists).toEqual([]);
    const camera = await createProduct(catalog, admin, {
      name: 'Alpha Mirrorless Camera Body',
      brand: '',
      category: 'Electronics',
      ...openWindow(),
    });
    expect((await boardFor(catalog, member.token)).sections.lists).toEqual([camera.id]);
    expect((await boardFor(catalog, second.token)).products.find((product) => product.id === camera.id)?.matchedItem).toBe(
      'Mirrorless Camera',
    );
    await catalog.json(`/product/toggle-status/${camera.id}`, { method: 'PUT', token: admin.token });
    expect((await boardFor(catalog, member.token)).sections.lists).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('the board order and early access on %s', (kind) => {
  const available = databaseAvailable(kind);
  let catalog: ServiceHarness;
  let admin: { token: string };

  beforeAll(async () => {
    if (!available) return;
    catalog = await startCatalog(kind, { EARLY_ACCESS_ONLY: 'true' });
    admin = catalog.adminSession();
  });
  afterAll(async () => catalog?.close());

  it.runIf(available)('puts products one can buy now first: then upcoming sales, then sold out, then ended ones', async () => {
    const ended = await createProduct(catalog, admin, { name: 'Ended Sale', saleStartAt: inMinutes(-120), saleEndAt: inMinutes(-60) });
    const soldOut = await createProduct(catalog, admin, { name: 'Sold Out', stock: 0, ...openWindow() });
    const upcoming = await createProduct(catalog, admin, { name: 'Upcoming Sale', saleStartAt: inMinutes(60), saleEndAt: inMinutes(120) });
    const buyable = await createProduct(catalog, admin, { name: 'Buyable Now', ...openWindow() });
    const board = await boardFor(catalog);
    expect(ids(board)).toEqual([buyable.id, upcoming.id, soldOut.id, ended.id]);
    expect(board.products.map((product) => product.saleState)).toEqual(['open', 'upcoming', 'open', 'ended']);
  });

  it.runIf(available)('gives the personalised board only to listed members while early access is on', async () => {
    const member = await announceMember(catalog, { need: ['buyable'], email: `Early.${randomUUID().slice(0, 6)}@Example.in` });
    expect(await boardFor(catalog, member.token)).toMatchObject({ personalised: false, access: 'early_access_required' });

    const forbidden = await catalog.json('/admin/early-access', { method: 'POST', token: member.token, body: { email: member.email } });
    expect(forbidden.status).toBe(401);
    const added = await catalog.json('/admin/early-access', {
      method: 'POST',
      token: admin.token,
      body: { emails: [member.email.toUpperCase()] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ enabled: true, emails: [{ email: member.email.toLowerCase(), memberId: member.memberId }] });
    const board = await boardFor(catalog, member.token);
    expect(board.personalised).toBe(true);
    expect(board.products[0]).toMatchObject({ name: 'Buyable Now', matchedItem: 'buyable', section: 'lists' });

    const removed = await catalog.request(`/admin/early-access/${encodeURIComponent(member.email)}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect((await boardFor(catalog, member.token)).access).toBe('early_access_required');
    const audit = await sql<{ type: string; actor: string }>`
      select type, metadata->>'actor' as actor from events where stream_id = 'early-access' order by position`.execute(catalog.db);
    expect(audit.rows.map((row) => row.type)).toEqual(['EarlyAccessGranted', 'EarlyAccessRevoked']);
    expect(audit.rows[0]?.actor).toMatch(/^admin:/);
    expect((await catalog.json('/admin/early-access')).status).toBe(401);
    expect(
      (await catalog.json('/admin/early-access', { method: 'POST', token: admin.token, body: { emails: ['not-an-email'] } })).status,
    ).toBe(400);
  });
});
