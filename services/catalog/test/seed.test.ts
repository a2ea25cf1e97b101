import { PRODUCT_CATEGORIES } from '@elts/contracts';
import { sql } from '@elts/platform';
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

describe.each(DATABASE_KINDS)('the demo catalogue on %s', (kind) => {
  const available = databaseAvailable(kind);
  let catalog: ServiceHarness;
  let products: Product[];

  beforeAll(async () => {
    if (!available) return;
    catalog = await startCatalog(kind, { SEED_DEMO_CATALOG: 'true' });
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

  it.runIf(available)('opens a drop right now, so the demo sells on any day, with one sale still to come', async () => {
    const { body } = await catalog.json('/admin/drops', { token: catalog.adminSession().token });
    const demo = body.data.drops.find((drop: { label: string }) => drop.label === 'Demo drop');
    expect(demo).toMatchObject({ status: 'open', source: 'admin' });
    expect(new Date(demo.closesAt).getTime() - Date.now()).toBeGreaterThan(13 * 24 * 3600_000);
    expect(body.data.current.status).toBe('open');
    const board = await catalog.json('/product/list?enabled_only=true&limit=15');
    const states = board.body.data.products.map((product: { saleState: string }) => product.saleState);
    expect(states[0]).toBe('open');
    const upcoming = products.filter((product) => product.saleWindow.state === 'upcoming');
    expect(upcoming).toHaveLength(1);
    const buyable = products.find((product) => product.stock > 5 && product.saleWindow.state === 'open') as Product;
    const held = await internal(catalog, '/internal/stock/hold', {
      orderId: 'ORD-demo-1',
      productId: buyable.id,
      quantity: 1,
      holdUntil: inMinutes(30),
    });
    expect(held.body.data.held).toBe(true);
  });

  it.runIf(available)('seeds only once', async () => {
    expect(await seedDemoCatalog(instanceOf(catalog).context)).toBe(false);
    const count = await sql<{ n: number }>`select count(*)::int as n from products`.execute(catalog.db);
    expect(count.rows[0]?.n).toBe(products.length);
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
