import { readFileSync } from 'node:fs';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceMember, createProduct, inMinutes, internal, openWindow, productForm, startCatalog, stockRow } from './helpers.js';

describe.each(DATABASE_KINDS)('products on %s', (kind) => {
  const available = databaseAvailable(kind);
  let catalog: ServiceHarness;
  let admin: { token: string; adminId: string };

  beforeAll(async () => {
    if (!available) return;
    catalog = await startCatalog(kind);
    admin = catalog.adminSession();
  });
  afterAll(async () => catalog?.close());

  const create = (body: unknown, token = admin.token) => catalog.json('/product/create', { method: 'POST', token, body });

  it.runIf(available)('creates a product with a short id, rupee prices, stock and the actor recorded', async () => {
    const { status, body } = await create(productForm({ ...openWindow(), brand: '  sony ', exclusive: true }));
    expect(status).toBe(201);
    const product = body.data;
    expect(product.id).toMatch(/^PRD-[A-HJ-NP-Z2-9]{6}$/);
    expect(product).toMatchObject({
      name: 'Sony WH-1000XM5 Wireless Headphones',
      price: 26990,
      pricePaise: 2_699_000,
      amazonPrice: 34990,
      category: 'Electronics',
      brand: 'Sony', // trimmed, and spelt like the preset brand it duplicates
      stock: 10,
      stockDetail: { onHand: 10, held: 0, sold: 0 },
      isEnabled: true,
      exclusive: true,
      saleWindow: { source: 'product', state: 'open' },
    });
    expect(await stockRow(catalog, product.id)).toEqual({ on_hand: 10, held: 0, sold: 0 });
    const events = await sql<{ type: string; metadata: { actor: string }; data: any }>`
      select type, metadata, data from events where stream_id = ${`product-${product.id}`}`.execute(catalog.db);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]).toMatchObject({ type: 'ProductCreated', metadata: { actor: `admin:${admin.adminId}` }, data: { stock: 10 } });
    expect(events.rows[0]?.data.product.pricePaise).toBe(2_699_000);
    expect(events.rows[0]?.data.product).toMatchObject({ hsnCode: '85183000', gstRatePercent: 18 });
    expect(product).toMatchObject({ hsnCode: '85183000', gstRate: 18 });
  });

  it.runIf(available)('changes the tax facts on update, and keeps them when the body leaves them out', async () => {
    const product = await createProduct(catalog, admin, openWindow());
    const update = (body: unknown) => catalog.json(`/product/update/${product.id}`, { method: 'PUT', token: admin.token, body });
    const changed = await update(productForm({ ...openWindow(), hsnCode: '8518', gstRate: 5 }));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ hsnCode: '8518', gstRate: 5 });
    const { hsnCode: _hsn, gstRate: _rate, ...withoutTaxFacts } = productForm({ ...openWindow(), name: 'Sony WH-1000XM5 (Blue)' });
    const kept = await update(withoutTaxFacts);
    expect(kept.body.data).toMatchObject({ name: 'Sony WH-1000XM5 (Blue)', hsnCode: '8518', gstRate: 5 });
    const events = await sql<{ data: any }>`select data from events where stream_id = ${`product-${product.id}`} and type = 'ProductUpdated'
      order by stream_version`.execute(catalog.db);
    expect(events.rows[0]?.data.changed).toEqual(expect.arrayContaining(['hsnCode', 'gstRatePercent']));
    expect(events.rows[1]?.data.changed).not.toContain('hsnCode');
  });

  it.runIf(available)('refuses each rule of the product form with its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Name is required'],
      [{ name: undefined }, 'Name is required'],
      [{ price: -1 }, 'The price must be at least ₹1.11'],
      // Less 10% of credit, Rs 1.10 would leave 99 paise: under the gateway's Rs 1 minimum.
      [
        { price: 1.1 },
        'The price must be at least ₹1.11, so that after up to 10% membership credit an order still comes to ₹1.00, the smallest payment we can take.',
      ],
      [{ price: 10.125 }, 'Price may have at most 2 decimals'],
      [{ price: '999' }, 'Price must be a number'],
      [{ amazonPrice: -5 }, 'Amazon price must be at least 0'],
      [{ category: 'Groceries' }, 'Category must be one of Electronics, Clothing'],
      [{ stock: 2.5 }, 'Stock must be a whole number'],
      [{ stock: -1 }, 'Stock must be at least 0'],
      [{ stock: undefined }, 'Stock must be a number'],
      [{ images: ['ftp://files.example/a.png'] }, 'Image 1 must be an http(s) URL or a path starting with /'],
      [{ images: ['https://cdn.example.in/a.jpg', 'javascript:alert(1)'] }, 'Image 2 must be an http(s) URL or a path starting with /'],
      [{ images: ['', '   '] }, 'At least one image is required'],
      [{ images: [] }, 'At least one image is required'],
      [{ saleStartAt: '2025-03-14T00:00:00+05:30', saleEndAt: '2025-03-13T00:00:00+05:30' }, 'Sale end must be after sale start'],
      [{ saleStartAt: 'next friday' }, 'Sale start must be a date and time (ISO 8601)'],
      [{ dropId: 'DROP-2025-01-10' }, 'Unknown deal drop: DROP-2025-01-10'],
      [{ colour: 'black' }, 'Unknown field(s): colour'],
      // The detail modal needs something to show: a product has at least one description section with text.
      [{ descriptions: undefined }, 'Add at least one description section with a title or some text.'],
      [{ descriptions: [] }, 'Add at least one description section with a title or some text.'],
      [{ descriptions: [{ title: ' ', content: '' }] }, 'Add at least one description section with a title or some text.'],
      // Every product sold is invoiced: its HSN code and a GST rate of the rate table are required.
      [{ hsnCode: undefined }, 'HSN code is required'],
      [{ hsnCode: '85183' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '8518-30' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ gstRate: null }, 'GST rate is required'],
      [{ gstRate: 12 }, 'GST rate must be one of 0%, 3%, 5%, 18%, 40%'],
    ];
    const before = await sql<{ n: number }>`select count(*)::int as n from products`.execute(catalog.db);
    for (const [overrides, message] of cases) {
      const { status, body } = await create(productForm(overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(body).toMatchObject({ is_success: false, code: 'bad_request' });
      expect(body.message, JSON.stringify(overrides)).toContain(message);
      // A sentence about the input, never led by the schema's path.
      expect(body.message, JSON.stringify(overrides)).not.toMatch(/^(Invalid|\w+: )/);
    }
    const after = await sql<{ n: number }>`select count(*)::int as n from products`.execute(catalog.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it.runIf(available)('drops empty image rows and empty description sections, and keeps descriptions as plain text', async () => {
    const content = '<script>alert("x")</script>\nLine two & <b>bold</b>';
    const product = await createProduct(catalog, admin, {
      images: ['', ' https://cdn.example.in/front.jpg ', '  '],
      descriptions: [
        { title: '', content: '' },
        { title: 'Notes', content },
      ],
      variantGroup: '',
      ...openWindow(),
    });
    expect(product.images).toEqual(['https://cdn.example.in/front.jpg']);
    expect(product.descriptions).toEqual([{ title: 'Notes', content }]);
    expect(product.variantGroup).toBeNull();
    const board = await catalog.json('/product/list?enabled_only=true&limit=15');
    const shown = board.body.data.products.find((p: { id: string }) => p.id === product.id);
    expect(shown.descriptions[0].content).toBe(content);
  });

  it.runIf(available)('lets only admins write: no session and a member session are 401', async () => {
    const member = catalog.memberSession();
    const product = await createProduct(catalog, admin);
    const writes: [string, string][] = [
      ['POST', '/product/create'],
      ['PUT', `/product/update/${product.id}`],
      ['PUT', `/product/toggle-status/${product.id}`],
    ];
    for (const [method, path] of writes) {
      const anonymous = await catalog.json(path, { method, body: productForm() });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toMatchObject({ is_success: false, message: 'Authentication required' });
      const asMember = await catalog.json(path, { method, token: member.token, body: productForm() });
      expect(asMember.status, path).toBe(401);
      expect(asMember.body).toMatchObject({ is_success: false, message: 'Authentication required' });
    }
    const row = await sql<{
      version: number;
      is_enabled: boolean;
    }>`select version, is_enabled from products where id = ${product.id}`.execute(catalog.db);
    expect(row.rows[0]).toEqual({ version: 1, is_enabled: true });
  });

  it.runIf(available)('updates what the form sends, keeps what it leaves out, and records the changed fields', async () => {
    const product = await createProduct(catalog, admin, { exclusive: true, ...openWindow() });
    // The spec's form knows nothing of `exclusive` (nor of isEnabled, which has its own call).
    const formWithoutExtras = productForm({ name: 'Sony WH-1000XM5 (Silver)', price: 24990, ...openWindow() });
    const { status, body } = await catalog.json(`/product/update/${product.id}`, {
      method: 'PUT',
      token: admin.token,
      body: formWithoutExtras,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: product.id, name: 'Sony WH-1000XM5 (Silver)', price: 24990, exclusive: true, isEnabled: true });
    const events = await sql<{ type: string; data: any; metadata: any }>`
      select type, data, metadata from events where stream_id = ${`product-${product.id}`} order by stream_version`.execute(catalog.db);
    expect(events.rows.map((row) => row.type)).toEqual(['ProductCreated', 'ProductUpdated']);
    expect(events.rows[1]?.data.changed).toEqual(expect.arrayContaining(['name', 'pricePaise']));
    expect(events.rows[1]?.metadata.actor).toBe(`admin:${admin.adminId}`);

    const again = await catalog.json(`/product/update/${product.id}`, { method: 'PUT', token: admin.token, body: formWithoutExtras });
    expect(again.status).toBe(200);
    const count = await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${`product-${product.id}`}`.execute(
      catalog.db,
    );
    expect(count.rows[0]?.n).toBe(2);
  });

  it.runIf(available)('sets available stock from the form by moving on hand, logged as an adjustment', async () => {
    const product = await createProduct(catalog, admin, { stock: 5, ...openWindow() });
    const held = await internal(catalog, '/internal/stock/hold', {
      orderId: `ORD-${product.id}`,
      productId: product.id,
      quantity: 2,
      holdUntil: inMinutes(60),
    });
    expect(held.body, JSON.stringify(held.body)).toMatchObject({ data: { held: true } });
    const { body } = await catalog.json(`/product/update/${product.id}`, {
      method: 'PUT',
      token: admin.token,
      body: productForm({ stock: 8, ...openWindow() }),
    });
    expect(body.data.stock).toBe(8);
    expect(body.data.stockDetail).toEqual({ onHand: 10, held: 2, sold: 0 });
    const moves = await sql<{ kind: string; on_hand_delta: number; actor: string }>`
      select kind, on_hand_delta, actor from stock_movements where product_id = ${product.id} order by id`.execute(catalog.db);
    expect(moves.rows.map((row) => row.kind)).toEqual(['restock', 'hold', 'adjust']);
    expect(moves.rows[2]).toEqual({ kind: 'adjust', on_hand_delta: 5, actor: `admin:${admin.adminId}` });
    const adjusted = await sql<{
      data: any;
    }>`select data from events where type = 'StockAdjusted' and stream_id = ${`product-${product.id}`}`.execute(catalog.db);
    expect(adjusted.rows[0]?.data).toEqual({ productId: product.id, available: 8, previousAvailable: 3 });

    // Down to zero available: on hand keeps the held units, never below.
    const zero = await catalog.json(`/product/update/${product.id}`, {
      method: 'PUT',
      token: admin.token,
      body: productForm({ stock: 0, ...openWindow() }),
    });
    expect(zero.body.data.stockDetail).toEqual({ onHand: 2, held: 2, sold: 0 });
    expect(zero.body.data.stock).toBe(0);
  });

  it.runIf(available)('answers 404 for an unknown product and 400 for a bad id', async () => {
    const update = await catalog.json('/product/update/PRD-NOPE00', { method: 'PUT', token: admin.token, body: productForm() });
    expect(update.status).toBe(404);
    expect(update.body).toMatchObject({ is_success: false, message: 'Product not found' });
    const toggle = await catalog.json('/product/toggle-status/PRD-NOPE00', { method: 'PUT', token: admin.token });
    expect(toggle.status).toBe(404);
    const variants = await catalog.json('/product/PRD-NOPE00/variants');
    expect(variants.status).toBe(404);
  });

  it.runIf(available)('toggles a product off and on, hiding it from shoppers while off', async () => {
    const product = await createProduct(catalog, admin, openWindow());
    const off = await catalog.json(`/product/toggle-status/${product.id}`, { method: 'PUT', token: admin.token });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: product.id, isEnabled: false });
    const board = await catalog.json('/product/list?enabled_only=true&limit=15');
    expect(board.body.data.products.map((p: { id: string }) => p.id)).not.toContain(product.id);
    expect((await catalog.json(`/product/${product.id}/variants`)).status).toBe(404);
    const on = await catalog.json(`/product/toggle-status/${product.id}`, { method: 'PUT', token: admin.token });
    expect(on.body.data.isEnabled).toBe(true);
    const events = await sql<{ type: string; actor: string }>`
      select type, metadata->>'actor' as actor from events where stream_id = ${`product-${product.id}`} order by stream_version`.execute(
      catalog.db,
    );
    expect(events.rows).toEqual([
      { type: 'ProductCreated', actor: `admin:${admin.adminId}` },
      { type: 'ProductDisabled', actor: `admin:${admin.adminId}` },
      { type: 'ProductEnabled', actor: `admin:${admin.adminId}` },
    ]);
    // An update that leaves isEnabled out does not switch a disabled product back on.
    await catalog.json(`/product/toggle-status/${product.id}`, { method: 'PUT', token: admin.token });
    const form = productForm({ name: 'Renamed while disabled' });
    expect(form).not.toHaveProperty('isEnabled');
    const renamed = await catalog.json(`/product/update/${product.id}`, { method: 'PUT', token: admin.token, body: form });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed while disabled', isEnabled: false });
  });

  it.runIf(available)('lists variants of a group: enabled ones for shoppers, all for admins, the primary first', async () => {
    const group = `galaxy-${Date.now()}`;
    const small = await createProduct(catalog, admin, { name: 'Galaxy S24 256 GB', variantGroup: group, ...openWindow() });
    const primary = await createProduct(catalog, admin, {
      name: 'Galaxy S24 128 GB',
      variantGroup: group,
      isVariantPrimary: true,
      ...openWindow(),
    });
    const hidden = await createProduct(catalog, admin, { name: 'Galaxy S24 512 GB', variantGroup: group, ...openWindow() });
    await catalog.json(`/product/toggle-status/${hidden.id}`, { method: 'PUT', token: admin.token });

    const member = await announceMember(catalog);
    const forMember = await catalog.json(`/product/${small.id}/variants`, { token: member.token });
    expect(forMember.status).toBe(200);
    expect(forMember.body.data.variants.map((v: { id: string }) => v.id)).toEqual([primary.id, small.id]);
    const forAdmin = await catalog.json(`/product/${small.id}/variants`, { token: admin.token });
    expect(forAdmin.body.data.variants.map((v: { id: string }) => v.id)).toEqual([primary.id, small.id, hidden.id]);
    const single = await createProduct(catalog, admin, openWindow());
    expect((await catalog.json(`/product/${single.id}/variants`)).body.data.variants.map((v: { id: string }) => v.id)).toEqual([single.id]);
  });

  it.runIf(available)('gives the whole catalogue (enabled_only=false) to admins only, newest first with stock', async () => {
    const anonymous = await catalog.json('/product/list?enabled_only=false');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ is_success: false, message: 'Authentication required' });
    const member = await catalog.json('/product/list?enabled_only=false', { token: catalog.memberSession().token });
    expect(member.status).toBe(401);

    const older = await createProduct(catalog, admin, openWindow());
    const newer = await createProduct(catalog, admin, { stock: 3, ...openWindow() });
    await catalog.json(`/product/toggle-status/${newer.id}`, { method: 'PUT', token: admin.token });
    const { status, body } = await catalog.json('/product/list?enabled_only=false', { token: admin.token });
    expect(status).toBe(200);
    const ids = body.data.products.map((p: { id: string }) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(body.data.products[0]).toMatchObject({ id: newer.id, isEnabled: false, stock: 3, stockDetail: { onHand: 3, held: 0, sold: 0 } });
    const total = await sql<{ n: number }>`select count(*)::int as n from products`.execute(catalog.db);
    expect(body.data.products).toHaveLength(total.rows[0]?.n as number);
    const limited = await catalog.json('/product/list?enabled_only=false&limit=1', { token: admin.token });
    expect(limited.body.data.products.map((p: { id: string }) => p.id)).toEqual([newer.id]);
    const bad = await catalog.json('/product/list?enabled_only=maybe', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it.runIf(available)('keeps one spelling per brand and lists the brands', async () => {
    const first = await createProduct(catalog, admin, { brand: 'boAt', ...openWindow() });
    const second = await createProduct(catalog, admin, { brand: '  BOAT  ', ...openWindow() });
    expect(first.brand).toBe('boAt');
    expect(second.brand).toBe('boAt');
    const { body } = await catalog.json('/product/brands');
    expect(body.data.brands).toEqual(expect.arrayContaining(['Apple', 'Sony', 'boAt']));
    expect(body.data.brands.filter((brand: string) => brand.toLowerCase() === 'boat')).toHaveLength(1);
  });

  it.runIf(available)('serves the illustrations as cacheable SVG', async () => {
    const response = await catalog.request('/product/images/headphones.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    const svg = await response.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|href=/i);
    const etag = response.headers.get('etag') as string;
    const again = await catalog.request('/product/images/headphones.svg', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await catalog.request('/product/images/nothing.svg')).status).toBe(404);
    expect((await catalog.request('/product/images/headphones.png')).status).toBe(404);
  });

  // The retail (Amazon) price keeps the date the operator recorded it (issue 39, decision 0156).
  const recordedTimes = async (productId: string) =>
    (
      await sql<{ recorded_at: Date }>`select recorded_at from events where stream_id = ${`product-${productId}`}
        order by stream_version`.execute(catalog.db)
    ).rows.map((row) => row.recorded_at.toISOString());
  const storedDate = async (productId: string) =>
    (
      await sql<{ at: Date | null }>`select amazon_price_recorded_at as at from products where id = ${productId}`.execute(catalog.db)
    ).rows[0]?.at?.toISOString() ?? null;

  it.runIf(available)(
    'dates the price by the save that set it, keeps the date through other saves, and has none without a price',
    async () => {
      const product = await createProduct(catalog, admin, openWindow());
      const update = (body: Record<string, unknown>) =>
        catalog.json(`/product/update/${product.id}`, {
          method: 'PUT',
          token: admin.token,
          body: productForm({ ...openWindow(), ...body }),
        });
      const [created] = await recordedTimes(product.id);
      expect(product).toMatchObject({ amazonPricePaise: 3_499_000, amazonPriceRecordedAt: created });

      const renamed = await update({ name: 'Sony WH-1000XM5 (Blue)' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.amazonPriceRecordedAt).toBe(created);

      const repriced = await update({ name: 'Sony WH-1000XM5 (Blue)', amazonPrice: 32990 });
      const times = await recordedTimes(product.id);
      expect(times[2]).not.toBe(created);
      expect(repriced.body.data).toMatchObject({ amazonPricePaise: 3_299_000, amazonPriceRecordedAt: times[2] });
      const list = await catalog.json('/product/list?limit=15', { token: admin.token });
      const listed = (list.body.data.products as { id: string; amazonPriceRecordedAt: string | null }[]).find((p) => p.id === product.id);
      if (listed) expect(listed.amazonPriceRecordedAt).toBe(times[2]);

      const cleared = await update({ name: 'Sony WH-1000XM5 (Blue)', amazonPrice: null });
      expect(cleared.body.data).toMatchObject({ amazonPricePaise: null, amazonPriceRecordedAt: null });
      expect(await storedDate(product.id)).toBeNull();
    },
  );

  it.runIf(available)('records the same retail price anew when the operator checked it again, and nothing else changes', async () => {
    // Decision 0166: the date beside a discount says when the price was last checked.
    const window = openWindow();
    const product = await createProduct(catalog, admin, window);
    const save = (body: Record<string, unknown>) =>
      catalog.json(`/product/update/${product.id}`, { method: 'PUT', token: admin.token, body: productForm({ ...window, ...body }) });
    const [created] = await recordedTimes(product.id);
    expect((await save({ amazonPriceChecked: false })).body.data.amazonPriceRecordedAt).toBe(created);
    expect(await recordedTimes(product.id)).toHaveLength(1);

    const checked = await save({ amazonPriceChecked: true });
    expect(checked.status).toBe(200);
    const times = await recordedTimes(product.id);
    expect(times).toHaveLength(2);
    expect(checked.body.data).toMatchObject({ amazonPricePaise: 3_499_000, amazonPriceRecordedAt: times[1] });
    const [, event] = (
      await sql<{ data: { changed: string[] } }>`select data from events where stream_id = ${`product-${product.id}`}
        order by stream_version`.execute(catalog.db)
    ).rows;
    expect(event?.data.changed).toEqual(['amazonPricePaise']);
    // Without a retail price there is nothing to check.
    await save({ amazonPrice: null });
    await save({ amazonPrice: null, amazonPriceChecked: true });
    expect(await recordedTimes(product.id)).toHaveLength(3);
    expect(await storedDate(product.id)).toBeNull();
  });

  it.runIf(available)('migration 0006 dates a product saved before it by the last event that set its price', async () => {
    const product = await createProduct(catalog, admin, openWindow());
    await catalog.json(`/product/update/${product.id}`, {
      method: 'PUT',
      token: admin.token,
      body: productForm({ ...openWindow(), amazonPrice: 30990 }),
    });
    await catalog.json(`/product/update/${product.id}`, {
      method: 'PUT',
      token: admin.token,
      body: productForm({ ...openWindow(), amazonPrice: 30990, name: 'Renamed headphones' }),
    });
    const times = await recordedTimes(product.id);
    await sql`update products set amazon_price_recorded_at = null`.execute(catalog.db);
    const migration = readFileSync(new URL('../migrations/0006_retail_price_recorded.sql', import.meta.url), 'utf8');
    const fill = migration.slice(migration.indexOf('update products'));
    await sql.raw(fill).execute(catalog.db);
    // The second update (a new name) did not change the price: the date is the first update's.
    expect(times).toHaveLength(3);
    expect(await storedDate(product.id)).toBe(times[1]);
  });
});
