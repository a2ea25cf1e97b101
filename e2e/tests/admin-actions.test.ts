import { ADMIN_PAGES, formatIndianDay, todayInIndia } from '@elts/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { createProduct, fulfilmentStep, payOrder, placeUnpaidOrder, shipOrder } from '../src/admin.js';
import { adminCall, adminToken, eventually, useSharedProduct } from '../src/admin-session.js';
import { VIEWPORTS, type Viewport } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber, type TestMember } from '../src/members.js';

// Issue 34: an operator acts on every row of every table on a 1366 px laptop and a 390 px phone without scrolling
// anything sideways (on a phone each row is a card), and every action that moves money or stock or hides a product
// says what it does, is red when it is dangerous, and asks once. Other journeys share the product, so this file's
// orders are found by a word of their own in their products' names.
const product = useSharedProduct();
const word = `Quill${Math.random().toString(36).slice(2, 7)}`;
const SIZES: [string, Viewport][] = [
  ['a 1366 px laptop', VIEWPORTS.desktop],
  ['a 390 px phone', VIEWPORTS.phone],
];

let token: string;
let member: TestMember;
/** This file's orders, one at each fulfilment step: paid, processing, shipped, and delivered with an exchange asked for. */
const orders = { paid: '', processing: '', shipped: '', delivered: '' };
const session = () => ({ adminToken: token });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

beforeAll(async () => {
  const base = product.base();
  token = await adminToken(base);
  member = await subscriber({ name: 'Anaya Krishnamurthy', base });
  // One product per order: a professional buys one of each product.
  for (const step of Object.keys(orders) as (keyof typeof orders)[]) {
    const made = await createProduct({ name: `${word} ${step} Water Bottle` });
    const placed = await placeUnpaidOrder(member.token, made.id);
    await payOrder(placed.payment_link);
    orders[step] = placed.order_id;
  }
  await eventually('the orders completing', async () => {
    const { body } = await adminCall(base, token, `/admin/product-orders?type=product&searchTerm=${word}&status=completed`);
    return body.orders?.length === 4 ? true : undefined;
  });
  await fulfilmentStep(orders.processing, { step: 'processing' });
  for (const id of [orders.shipped, orders.delivered]) await shipOrder(id);
  await fulfilmentStep(orders.delivered, { step: 'delivered', delivered_on: todayInIndia() });
  const asked = await fetch(`${base}/product/order/${orders.delivered}/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify({ reason: 'damaged', note: 'The cap arrived cracked along its thread.' }),
  });
  expect(asked.status).toBe(201);
  await eventually('the exchange reaching the queue', async () => {
    const { body } = await adminCall(base, token, '/admin/exchanges?state=requested');
    return body.data?.exchanges?.some((e: { order_id: string }) => e.order_id === orders.delivered) ? true : undefined;
  });
});

/**
 * The table (or its cards) shows everything inside its box: nothing to scroll sideways, and the page not wider than
 * the window. Then `control` lies inside the window as it is, and a click on it scrolls nothing sideways.
 */
async function expectInSight(page: Page, table: Locator, control: Locator, what: string) {
  const box = await table.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(box.scrollWidth, `${what}: the table scrolls sideways`).toBeLessThanOrEqual(box.clientWidth);
  expect(await widerThanWindow(page), what).toEqual([]);
  await control.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'nearest' }));
  const rect = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(rect, `${what}: not shown`).not.toBeNull();
  expect(rect!.x >= 0 && rect!.x + rect!.width <= width, `${what} spans ${rect!.x} to ${rect!.x + rect!.width} px`).toBe(true);
  const sideways = await table.evaluate((element) => element.scrollLeft + window.scrollX);
  expect(sideways, `${what}: scrolled sideways to reach it`).toBe(0);
}

/** Opens a row's action, checks what its dialog offers, and leaves with the button that changes nothing. */
async function openAndKeep(page: Page, button: Locator, dialogName: string | RegExp, act: string, keep: string, dangerous: boolean) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  const acting = dialog.getByRole('button', { name: act, exact: true });
  await acting.waitFor();
  // The design system's red, as the browser computes it beside the button.
  const [colour, red] = await acting.evaluate((element) => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = 'var(--color-red-700)';
    element.parentElement?.append(probe);
    const colours = [getComputedStyle(element).backgroundColor, getComputedStyle(probe).backgroundColor];
    probe.remove();
    return colours;
  });
  if (dangerous) expect(colour, `${act} is not styled as dangerous`).toBe(red);
  else expect(colour, `${act} is styled as dangerous`).not.toBe(red);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: keep, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(SIZES)('on %s, every table action', (_, viewport) => {
  it('on Orders is in sight and each asks first, the cancellation in red', async () => {
    const { page, pageErrors } = await product.open('/admin/orders', { session: session(), viewport });
    await heading(page, 'Orders');
    await page.getByLabel('Search', { exact: true }).fill(word);
    const table = page.getByRole('region', { name: 'Product orders', exact: true });
    await expect.poll(() => table.getByRole('row').filter({ hasText: word }).count()).toBe(4);
    const row = (id: string) => table.getByRole('row').filter({ hasText: id });
    const actions: [string, Locator, string, string, string, boolean][] = [
      [
        'Mark processing',
        row(orders.paid).getByRole('button', { name: `Mark processing: order ${orders.paid}` }),
        'Mark processing: 1 order',
        'Mark processing',
        'Cancel',
        false,
      ],
      [
        'Cancel as out of stock',
        row(orders.paid).getByRole('button', { name: `Cancel as out of stock: order ${orders.paid}` }),
        `Cancel order ${orders.paid} as out of stock?`,
        'Cancel order and refund',
        'Keep the order',
        true,
      ],
      [
        'Mark shipped',
        row(orders.processing).getByRole('button', { name: `Mark shipped: order ${orders.processing}` }),
        'Mark shipped: 1 order',
        'Mark shipped',
        'Cancel',
        false,
      ],
      [
        'Mark delivered',
        row(orders.shipped).getByRole('button', { name: `Mark delivered: order ${orders.shipped}` }),
        'Mark delivered: 1 order',
        'Mark delivered',
        'Cancel',
        false,
      ],
    ];
    for (const [what, button, dialog, act, keep, dangerous] of actions) {
      await expectInSight(page, table, button, `${what} at ${viewport.width} px`);
      await openAndKeep(page, button, dialog, act, keep, dangerous);
    }
    // The cancellation sits with the order's other actions, not under the Refund column, which says where a refund stands.
    const headers = await table.getByRole('columnheader').allTextContents();
    const refundCell = row(orders.processing).getByRole('cell').nth(headers.indexOf('Refund'));
    expect(await refundCell.getByRole('button').count()).toBe(0);
    await refundCell.getByText('-', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('on Exchanges is in sight, approving saying what it does', async () => {
    const { page } = await product.open('/admin/exchanges', { session: session(), viewport });
    await heading(page, 'Exchanges');
    const table = page.getByRole('region', { name: 'Exchange requests', exact: true });
    const exchange = `${orders.delivered}-X1`;
    const row = table.getByRole('row').filter({ hasText: exchange });
    await row.waitFor();
    const approve = row.getByRole('button', { name: `Approve exchange ${exchange}` });
    const refuse = row.getByRole('button', { name: `Refuse exchange ${exchange}` });
    await expectInSight(page, table, approve, `Approve at ${viewport.width} px`);
    await openAndKeep(page, approve, `Approve exchange ${exchange}?`, 'Approve and send a replacement', 'Cancel', false);
    await expectInSight(page, table, refuse, `Refuse at ${viewport.width} px`);
    await openAndKeep(page, refuse, `Refuse exchange ${exchange}`, 'Refuse exchange', 'Cancel', false);
    await page.close();
  });

  it('on Payments and Users shows every column without scrolling sideways', async () => {
    for (const [path, title, table, filter, value] of [
      ['/admin/payments', 'Payments', 'Payments', 'Search', orders.paid],
      ['/admin/users', 'User Management', 'Users', 'Email', member.email],
    ] as const) {
      const { page } = await product.open(path, { session: session(), viewport });
      await heading(page, title);
      await page.getByLabel(filter, { exact: true }).fill(value);
      const region = page.getByRole('region', { name: table, exact: true });
      const row = region.getByRole('row').filter({ hasText: value });
      await row.waitFor();
      await expectInSight(page, region, row, `${title} at ${viewport.width} px`);
      // Every cell of the row lies inside the window: no column is off to the right.
      expect(await row.getByRole('cell').count()).toBeGreaterThan(5);
      for (const cell of await row.getByRole('cell').all()) {
        const rect = await cell.boundingBox();
        expect(rect && rect.x + rect.width <= viewport.width + 1, `${title}: a cell reaches past the window`).toBe(true);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    }
  });

  it('on Deal Drops asks before a drop is cancelled, and a disabled product asks first', async () => {
    const { page } = await product.open('/admin/products', { session: session(), viewport });
    await heading(page, 'Product Catalog');
    await page.getByLabel('Search products').fill(`${word} paid`);
    const card = page.getByRole('listitem', { name: `${word} paid Water Bottle` });
    await openAndKeep(
      page,
      card.getByRole('button', { name: 'Disable' }),
      `Disable ${word} paid Water Bottle?`,
      'Disable product',
      'Keep it on sale',
      true,
    );
    expect(await card.getByText('Disabled', { exact: true }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Deal Drops' }).click();
    const table = page.getByRole('region', { name: 'Deal drops', exact: true });
    const cancel = table.getByRole('button', { name: /^Cancel drop opening / }).first();
    await expectInSight(page, table, cancel, `Cancel drop at ${viewport.width} px`);
    await openAndKeep(page, cancel, 'Cancel this drop?', 'Cancel drop', 'Keep the drop', true);
    await page.close();
  });
});

describe('a table that cannot fit', () => {
  it('says that it scrolls sideways, and holds its first column', async () => {
    // A window just wide enough for the sidebar leaves the Orders table less room than its columns need.
    const { page } = await product.open('/admin/orders', { session: session(), viewport: { width: 1000, height: 800 } });
    await heading(page, 'Orders');
    await page.getByLabel('Search', { exact: true }).fill(word);
    const table = page.getByRole('region', { name: 'Product orders', exact: true });
    await expect.poll(() => table.getByRole('row').filter({ hasText: word }).count()).toBe(4);
    const scrolls = await table.evaluate((element) => element.scrollWidth > element.clientWidth);
    const hint = page.getByText('This table is wider than the page: scroll it sideways to see every column.');
    expect(await hint.isVisible()).toBe(scrolls);
    if (scrolls) {
      const first = table.getByRole('row').filter({ hasText: orders.paid }).getByRole('cell').first();
      const before = (await first.boundingBox())?.x;
      await table.evaluate((element) => element.scrollBy({ left: 300 }));
      expect((await first.boundingBox())?.x).toBe(before);
    }
    await page.close();
  });
});

describe('the operator actions', () => {
  it('cancel a paid order as out of stock once confirmed, and disable a product once confirmed', async () => {
    const { page } = await product.open('/admin/orders', { session: session() });
    await heading(page, 'Orders');
    await page.getByLabel('Search', { exact: true }).fill(orders.paid);
    const row = page.getByRole('region', { name: 'Product orders', exact: true }).getByRole('row').filter({ hasText: orders.paid });
    await row.getByRole('button', { name: `Cancel as out of stock: order ${orders.paid}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order and refund' }).click();
    await row.getByText('Awaiting member').waitFor();

    await page.getByRole('link', { name: 'Product Catalog' }).click();
    await heading(page, 'Product Catalog');
    await page.getByLabel('Search products').fill(`${word} processing`);
    const card = page.getByRole('listitem', { name: `${word} processing Water Bottle` });
    await card.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable product' }).click();
    await card.getByText('Disabled', { exact: true }).waitFor();
    // Enabling shows it again at once: nothing to guard.
    await card.getByRole('button', { name: 'Enable' }).click();
    await card.getByRole('button', { name: 'Disable' }).waitFor();
    await page.close();
  });
});

describe.each(SIZES)('the product form on %s', (_, viewport) => {
  it('brings its first mistake into view and focuses it, and words the price rule in rupees', async () => {
    const { page } = await product.open('/admin/products', { session: session(), viewport });
    await heading(page, 'Product Catalog');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    const body = dialog.getByRole('region', { name: 'Add Product' });
    // The operator scrolls to the foot of the form and saves it empty: the name, at the top, is the first mistake.
    await body.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await dialog.getByRole('button', { name: 'Save Product' }).click();
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
    const inView = async (field: Locator) => {
      const [box, shown] = [await field.boundingBox(), await body.boundingBox()];
      return Boolean(box && shown && box.y >= shown.y && box.y + box.height <= shown.y + shown.height);
    };
    expect(await inView(name), 'the name field is out of sight').toBe(true);
    await dialog.getByText('Name is required').waitFor();

    // With the name given, a price under the floor is the first mistake: a sentence, in rupees.
    await name.fill(`${word} Floor Lamp`);
    const price = dialog.getByRole('spinbutton', { name: /^Price \(₹\)/ });
    await price.fill('1.10');
    await body.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await dialog.getByRole('button', { name: 'Save Product' }).click();
    await expect.poll(() => price.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await inView(price), 'the price field is out of sight').toBe(true);
    await dialog
      .getByText(
        'The price must be at least ₹1.11, so that after up to 10% membership credit an order still comes to ₹1.00, the smallest payment we can take.',
      )
      .waitFor();
    expect(await dialog.getByText(/\bRs\b/).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the catalogue', () => {
  it('finds products by search and filters, and shows them as a compact list', async () => {
    const { page } = await product.open('/admin/products', { session: session() });
    await heading(page, 'Product Catalog');
    const products = page.getByRole('list', { name: 'Products' });
    await products.getByRole('listitem').first().waitFor();
    await page.getByLabel('Search products').fill(word);
    await expect.poll(() => products.getByRole('listitem').count()).toBe(4);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Disabled' });
    await page.getByText('No products match these filters').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Enabled' });
    await page.getByLabel('Sale window').selectOption({ label: 'Own sale dates' });
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Home & Garden' });
    await expect.poll(() => products.getByRole('listitem').count()).toBe(4);
    await page.getByLabel('Sale window').selectOption({ label: 'In a drop' });
    await page.getByText('No products match these filters').waitFor();
    await page.getByLabel('Sale window').selectOption({ label: 'All' });
    await page.getByText(/^Showing 4 of \d+ products$/).waitFor();

    await page.getByRole('button', { name: 'Compact list' }).click();
    const table = page.getByRole('region', { name: 'Products', exact: true });
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    const row = table.getByRole('row').filter({ hasText: `${word} delivered Water Bottle` });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Product' }).getByRole('button', { name: 'Close' }).click();
    // Forty products in the compact list would take a page a tenth as long as their cards did.
    const rowHeight = (await row.boundingBox())?.height ?? 0;
    expect(rowHeight).toBeLessThan(100);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the audit trail', () => {
  it('says who did what to which record, when, and what changed, and filters by operator, action and day', async () => {
    const { page } = await product.open('/admin/audit', { session: session() });
    await heading(page, 'Audit trail');
    await page.getByLabel('Operator').selectOption({ label: 'e2e-operator' });
    await page.getByLabel('Action').selectOption({ label: 'Cancelled an order as out of stock' });
    await page.getByLabel('Start Date').fill(formatIndianDay(todayInIndia()));
    const table = page.getByRole('region', { name: 'Audit log', exact: true });
    const row = table.getByRole('row').filter({ hasText: orders.paid });
    await row.getByRole('link', { name: `Order ${orders.paid}` }).waitFor();
    const text = (await row.textContent()) ?? '';
    for (const words of ['e2e-operator', 'Cancelled an order as out of stock', 'Status: completed → cancelled', 'Amount: - → ₹'])
      expect(text).toContain(words);
    // No codes, no JSON: every row in words.
    const all = (await table.textContent()) ?? '';
    expect(all).not.toMatch(/order\.cancelled_out_of_stock|admin:[0-9a-f-]{36}|[{}"]/);
    expect(await seriousViolations(page)).toEqual([]);
    // Another action finds nothing of this order; the record's link opens the order.
    await page.getByLabel('Action').selectOption({ label: 'Added a product' });
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Action').selectOption({ label: 'Cancelled an order as out of stock' });
    await row.getByRole('link', { name: `Order ${orders.paid}` }).click();
    await heading(page, 'Orders');
    await expect(page.getByLabel('Search', { exact: true }).inputValue()).resolves.toBe(orders.paid);
    await page.getByRole('region', { name: 'Product orders', exact: true }).getByRole('row').filter({ hasText: orders.paid }).waitFor();
    await page.close();
  });
});

describe('on a 390 px phone', () => {
  it('shows every back-office section in the menu without scrolling it sideways', async () => {
    const { page } = await product.open('/admin/users', { session: session(), viewport: VIEWPORTS.phone });
    await heading(page, 'User Management');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    const list = menu.getByRole('list');
    const fits = await list.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits, 'the menu scrolls sideways').toBe(true);
    const links = await menu.getByRole('link').all();
    // Users to GST Returns: every page of the back office's registry.
    expect(links.length).toBe(ADMIN_PAGES.length);
    for (const link of links) {
      const rect = await link.boundingBox();
      expect(rect && rect.x >= 0 && rect.x + rect.width <= VIEWPORTS.phone.width, `${await link.textContent()} is off-screen`).toBe(true);
    }
    await page.close();
  });
});

describe('the Cron page', () => {
  it('keeps the last run date whole, gives a rate after successful runs, and says a stopped job is stopped', async () => {
    expect((await adminCall(product.base(), token, '/admin/cron/trigger', { body: { mode: 'light' } })).status).toBe(200);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page } = await product.open('/admin/cron', { session: session(), viewport });
      await heading(page, 'Cron');
      const lastRun = page.getByRole('region', { name: 'Last Run' });
      const day = lastRun.getByText(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await day.evaluate((element) => element.getClientRects().length), `the date wraps at ${viewport.width} px`).toBe(1);
      await page
        .getByRole('region', { name: 'Success Rate' })
        .getByText(/^\d{1,3}\.\d%$/)
        .waitFor();
      await page.close();
    }
    const { page } = await product.open('/admin/cron', { session: session() });
    await heading(page, 'Cron');
    const jobs = page.getByRole('listitem').filter({ has: page.getByText(/^(Active|Stopped)$/) });
    await jobs.first().waitFor();
    await page.getByRole('button', { name: 'Stop Service' }).click();
    await page.getByRole('dialog', { name: 'Stop the cron service?' }).getByRole('button', { name: 'Stop Service' }).click();
    await page.getByRole('region', { name: 'Service Status' }).getByText('IDLE').waitFor();
    await expect.poll(() => jobs.getByText('Active', { exact: true }).count()).toBe(0);
    expect(await jobs.getByText('Stopped', { exact: true }).count()).toBe(await jobs.count());
    // Other journeys share this product: the service runs again.
    await page.getByRole('button', { name: 'Restart Service' }).click();
    await page.getByRole('region', { name: 'Service Status' }).getByText('RUNNING').waitFor();
    await expect.poll(() => jobs.getByText('Stopped', { exact: true }).count()).toBe(0);
    await page.close();
  });
});

describe('the giveaway page', () => {
  it('offers the draw only when it can run, and says why not', async () => {
    const { page } = await product.open('/admin/giveaway', { session: session() });
    await heading(page, 'Giveaway');
    const draw = page.getByRole('button', { name: 'Draw winners' });
    // The suite's product has far fewer members than the giveaway needs to open.
    expect(await draw.isDisabled()).toBe(true);
    const reasons = page.getByRole('list', { name: 'Why the draw cannot run yet' });
    await reasons.getByText(/^The giveaway opens at 10,000 members; there are [\d,]+ so far\.$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
