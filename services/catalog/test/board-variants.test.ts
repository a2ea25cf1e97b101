import type { ServiceHarness } from '@elts/platform/testing';
import { DATABASE_KINDS, databaseAvailable } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceMember, createProduct, inMinutes, internal, openWindow, startCatalog } from './helpers.js';

type Board = {
  products: { id: string; name: string; section: string; matchedItem?: string; variantGroup: string | null }[];
  sections: Record<'lists' | 'trending' | 'exclusive' | 'newest', string[]>;
};

async function boardFor(catalog: ServiceHarness, token?: string): Promise<Board> {
  const { status, body } = await catalog.json('/product/list?enabled_only=true&limit=15', token ? { token } : {});
  expect(status).toBe(200);
  return body.data;
}

// The versions of one product (UK 8 and UK 9 of a shoe) are one deal: one card and one of the board's 15 places,
// whose detail offers the sizes (docs/decisions/0022).
describe.each(DATABASE_KINDS)('variant groups on the deals board on %s', (kind) => {
  const available = databaseAvailable(kind);
  let catalog: ServiceHarness;
  let admin: { token: string };
  const singles: string[] = [];
  let uk8: string;
  let uk9: string;

  beforeAll(async () => {
    if (!available) return;
    catalog = await startCatalog(kind);
    admin = catalog.adminSession();
    const fillers = ['Monopoly India Edition', 'Pressure Cooker 5 L', 'Thermosteel Flask', 'Tyre Inflator', 'Cricket Bat'];
    fillers.push('Yoga Mat', 'Desk Lamp', 'Snake Plant', 'Ceramic Teapot', 'Board Marker Set', 'Wall Clock', 'Bath Towel');
    fillers.push('Steel Lunch Box', 'Velocity Nitro Running Shoe');
    for (const name of fillers)
      singles.push((await createProduct(catalog, admin, { name, brand: '', category: 'Books', ...openWindow() })).id);
    // The newest products: both sizes would be among the fifteen newest, and one single would be left out for them.
    const shoe = { brand: 'Nike', category: 'Clothing', variantGroup: 'pegasus-41', ...openWindow() };
    uk8 = (
      await createProduct(catalog, admin, { ...shoe, name: 'Pegasus 41 Running Shoes (UK 8)', sku: 'PEG41-8', isVariantPrimary: true })
    ).id;
    uk9 = (await createProduct(catalog, admin, { ...shoe, name: 'Pegasus 41 Running Shoes (UK 9)', sku: 'PEG41-9' })).id;
  });
  afterAll(async () => catalog?.close());

  const versionsShown = (board: Board) => board.products.filter((product) => product.id === uk8 || product.id === uk9);

  it.runIf(available)('gives a variant group one card and one of the fifteen places, shown by its primary', async () => {
    expect(singles).toHaveLength(14);
    const board = await boardFor(catalog);
    expect(board.products).toHaveLength(15);
    expect(versionsShown(board).map((product) => product.id)).toEqual([uk8]);
    // Fourteen products on their own and the shoe: everything fits.
    expect(board.products.map((product) => product.id).filter((id) => singles.includes(id))).toHaveLength(14);
  });

  it.runIf(available)('gives a member one list place for the group, and the next list item another product', async () => {
    const member = await announceMember(catalog, { need: ['running shoes', 'pegasus'] });
    const board = await boardFor(catalog, member.token);
    const lists = board.products.filter((product) => product.section === 'lists');
    expect(lists).toHaveLength(2);
    expect(lists.filter((product) => product.variantGroup === 'pegasus-41')).toHaveLength(1);
    expect(lists.map((product) => product.id)).toContain(singles[13]);
    expect(versionsShown(board)).toHaveLength(1);
    expect(board.products).toHaveLength(15);
  });

  it.runIf(available)("offers every size from the card's product, as the detail's size picker asks", async () => {
    const { status, body } = await catalog.json(`/product/${uk8}/variants`);
    expect(status).toBe(200);
    expect(body.data.variants.map((variant: { id: string }) => variant.id)).toEqual([uk8, uk9]);
  });

  it.runIf(available)('shows a size one can still buy on the card when the primary has sold out', async () => {
    const hold = await internal(catalog, '/internal/stock/hold', {
      orderId: `ORD-${uk8.slice(0, 12)}`,
      productId: uk8,
      quantity: 10,
      holdUntil: inMinutes(30),
    });
    expect(hold.status).toBeLessThan(300);
    const board = await boardFor(catalog);
    expect(versionsShown(board).map((product) => product.id)).toEqual([uk9]);
    expect(board.products).toHaveLength(15);
  });
});
