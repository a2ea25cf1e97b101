import { PRODUCT_CATEGORIES } from '@elts/contracts';
import { ManualClock, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness, startServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../src/demo/seed.js';
import { catalogService } from '../src/service.js';
import { inMinutes, instanceOf, internal, startCatalog } from './helpers.js';

type Product = {
  id: string;
  price: number;
  amazonPrice: number;
  stock: number;
  exclusive: boolean;
  variantGroup: string | null;
  [key: string]: any;
};

// Seeded during the calendar's drop of Friday 17 January 2025 (default anchor 2025-01-03): Saturday, 10:00 in India.
const SATURDAY_10AM_IST = new Date('2025-01-18T04:30:00Z');
const DROP = { opensAt: '2025-01-17T18:30:00.000Z', closesAt: '2025-01-19T18:30:00.000Z' };

describe.each(DATABASE_KINDS)('the demo catalogue on %s', (kind) => {
  const available = databaseAvailable(kind);
  const clock = new ManualClock();
  let catalog: ServiceHarness;
  let products: Product[];

  beforeAll(async () => {
    if (!available) return;
    clock.set(SATURDAY_10AM_IST);
    catalog = await startCatalog(kind, { SEED_DEMO_CATALOG: 'true' }, clock);
    const { body } = await catalog.json('/product/list?enabled_only=false', { token: catalog.adminSession().token });
    products = body.data.products;
  });
  afterAll(async () => catalog?.close());

  it.runIf(available)('has about thirty products across the eight categories, below their usual price', () => {
    expect(products.length).toBeGreaterThanOrEqual(28);
    expect(new Set(products.map((product) => product.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    for (const product of products) {
      expect(product.amazonPrice, product.name).toBeGreaterThan(product.price);
      expect(product.descriptions.length, product.name).toBeGreaterThanOrEqual(2);
      expect(product.images[0]).toMatch(/^\/product\/images\/[a-z-]+\.svg$/);
    }
  });

  it.runIf(available)('has stock from 0 to 50, a few nearly gone and one sold out, exclusive launches and variant groups', () => {
    const stocks = products.map((product) => product.stock);
    expect(Math.max(...stocks)).toBeLessThanOrEqual(50);
    expect(stocks.filter((stock) => stock === 0)).toHaveLength(1);
    expect(stocks.filter((stock) => stock >= 1 && stock <= 5).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((product) => product.exclusive).length).toBeGreaterThanOrEqual(3);
    const groups = new Map<string, number>();
    for (const product of products) if (product.variantGroup) groups.set(product.variantGroup, (groups.get(product.variantGroup) ?? 0) + 1);
    expect([...groups.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(2);
  });

  it.runIf(available)('serves every picture it uses', async () => {
    for (const path of new Set(products.flatMap((product) => product.images as string[]))) {
      const response = await catalog.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
    }
  });

  it.runIf(available)('keeps the calendar: products in the drop open now, each card counting to its real close', async () => {
    // No drop of its own: the calendar's, Friday midnight (Saturday 00:00 IST) to Sunday midnight (Monday 00:00 IST).
    const { body } = await catalog.json('/admin/drops?from=2025-01-01&to=2025-02-28', { token: catalog.adminSession().token });
    expect(body.data.drops.filter((drop: { source: string }) => drop.source !== 'calendar')).toEqual([]);
    expect(body.data.current).toMatchObject({ id: 'DROP-2025-01-17', status: 'open', opensAt: DROP.opensAt, closesAt: DROP.closesAt });

    const upcoming = products.filter((product) => product.saleWindow.state === 'upcoming');
    expect(upcoming.map((product) => [product.dropId, product.saleWindow])).toEqual([
      ['DROP-2025-01-31', { source: 'drop', state: 'upcoming', startAt: '2025-01-31T18:30:00.000Z', endAt: '2025-02-02T18:30:00.000Z' }],
    ]);
    for (const product of products.filter((each) => each !== upcoming[0])) {
      expect(product.saleWindow).toEqual({ source: 'calendar', state: 'open', startAt: DROP.opensAt, endAt: DROP.closesAt });
    }
    const board = await catalog.json('/product/list?enabled_only=true&limit=15');
    const cards: { id: string; saleState: string; saleStartAt: string; saleEndAt: string }[] = board.body.data.products;
    expect(cards).toHaveLength(15);
    for (const card of cards.filter((each) => each.id !== upcoming[0]?.id)) {
      expect(card).toMatchObject({ saleState: 'open', saleStartAt: DROP.opensAt, saleEndAt: DROP.closesAt });
      // What 'Sale ends in' counts: 1d 14h to Monday 00:00 in India, not a fortnight.
      expect(Date.parse(card.saleEndAt) - SATURDAY_10AM_IST.getTime()).toBe((24 + 14) * 3600_000);
    }
    const buyable = products.find((product) => product.stock > 5 && product.saleWindow.state === 'open') as Product;
    const held = await internal(catalog, '/internal/stock/hold', {
      orderId: 'ORD-demo-1',
      productId: buyable.id,
      quantity: 1,
      holdUntil: inMinutes(30, clock.now()),
    });
    expect(held.body.data.held).toBe(true);

    // After Sunday midnight the demo waits for the next drop rather than ending.
    clock.set(new Date('2025-01-20T04:30:00Z'));
    const after = await catalog.json('/product/list?enabled_only=true&limit=15');
    for (const card of after.body.data.products.filter((each: { id: string }) => each.id !== upcoming[0]?.id)) {
      expect(card).toMatchObject({ saleState: 'upcoming', saleStartAt: '2025-01-31T18:30:00.000Z', saleEndAt: '2025-02-02T18:30:00.000Z' });
    }
    clock.set(SATURDAY_10AM_IST);
  });

  it.runIf(available)('seeds only once', async () => {
    expect(await seedDemoCatalog(instanceOf(catalog).context)).toBe(false);
    const count = await sql<{ n: number }>`select count(*)::int as n from products`.execute(catalog.db);
    expect(count.rows[0]?.n).toBe(products.length);
  });
});

describe('the demo catalogue seeded on a weekday', () => {
  it('counts every card down to the next Friday midnight, not a sale open now', async () => {
    const clock = new ManualClock();
    clock.set(new Date('2025-01-21T04:30:00Z')); // Tuesday 10:00 in India
    const catalog = await startCatalog('pglite', { SEED_DEMO_CATALOG: 'true' }, clock);
    try {
      const all = await catalog.json('/product/list?enabled_only=false', { token: catalog.adminSession().token });
      const later = all.body.data.products.filter((product: { dropId: string | null }) => product.dropId !== null);
      expect(later.map((product: { dropId: string }) => product.dropId)).toEqual(['DROP-2025-02-14']);
      const board = await catalog.json('/product/list?enabled_only=true&limit=15');
      for (const card of board.body.data.products.filter((each: { id: string }) => each.id !== later[0].id)) {
        expect(card).toMatchObject({
          saleState: 'upcoming',
          saleStartAt: '2025-01-31T18:30:00.000Z',
          saleEndAt: '2025-02-02T18:30:00.000Z',
        });
      }
    } finally {
      await catalog.close();
    }
  });
});

describe('seeding by default', () => {
  it('seeds outside production and not in production', async () => {
    const test = await startServiceHarness(catalogService, { kind: 'pglite' });
    const production = await startServiceHarness(catalogService, { kind: 'pglite', nodeEnv: 'production' });
    try {
      const count = async (harness: ServiceHarness) =>
        (await sql<{ n: number }>`select count(*)::int as n from products`.execute(harness.db)).rows[0]?.n;
      expect(await count(test)).toBeGreaterThan(0);
      expect(await count(production)).toBe(0);
    } finally {
      await test.close();
      await production.close();
    }
  });
});
