import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, payOrder, placeUnpaidOrder } from '../src/admin.js';
import { adminCall, adminToken, eventually, useSharedProduct } from '../src/admin-session.js';
import { screenshot } from '../src/artifacts.js';
import { VIEWPORTS } from '../src/browser.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { subscriber } from '../src/members.js';

// The Drops chart (issue 39 item 1): a drop that opened an hour and a half ago, one of its two products sold once,
// drawn on the Deal Drops tab against the units offered, read by keyboard and as a table; a drop not open yet says why
// it has nothing to draw.
const product = useSharedProduct();
const HOUR = 3_600_000;
const tag = randomUUID().slice(0, 5);
const label = `Chart${tag} drop`;
const later = `Later${tag} drop`;
let token: string;

const dropsTab = async (page: Page) => {
  await page.getByRole('heading', { level: 1, name: 'Product Catalog', exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Deal Drops' }).click();
};
const rowOf = (page: Page, text: string) => page.getByRole('region', { name: 'Deal drops' }).getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  const base = product.base();
  token = await adminToken(base);
  const opened = Date.now() - 1.5 * HOUR;
  const drop = await adminCall(base, token, '/admin/drops', {
    body: { opensAt: new Date(opened).toISOString(), closesAt: new Date(opened + 24 * HOUR).toISOString(), label },
  });
  const dropId = drop.body.data.id as string;
  await adminCall(base, token, '/admin/drops', {
    body: {
      opensAt: new Date(Date.now() + 50 * HOUR).toISOString(),
      closesAt: new Date(Date.now() + 60 * HOUR).toISOString(),
      label: later,
    },
  });
  const inDrop = { saleStartAt: null, saleEndAt: null, dropId };
  const kettle = await createProduct({ ...inDrop, stock: 4, name: `Chart${tag} Kettle` }, base);
  await createProduct({ ...inDrop, stock: 2, name: `Chart${tag} Flask` }, base);
  const buyer = await subscriber({ base });
  await payOrder((await placeUnpaidOrder(buyer.token, kettle.id, base)).payment_link);
  await eventually('the sale reaching the drop', async () => {
    const { body } = await adminCall(base, token, `/admin/charts/drops/${dropId}`);
    return body.data?.sold === 1 ? true : undefined;
  });
});

describe('the Drops chart', () => {
  it('draws a drop’s units sold against offered and its sell-through, by keyboard and as a table, at 390 and 1366 px', async () => {
    const { page, pageErrors } = await product.open('/admin/products', { session: { adminToken: token }, viewport: VIEWPORTS.desktop });
    await dropsTab(page);
    await rowOf(page, label)
      .getByRole('button', { name: /^Sales of the drop opening / })
      .click();
    const chart = page.getByRole('region', { name: `How ${label} sold`, exact: true });
    // The calendar's products (no window of their own) are in whichever drop is open: only this drop's own are known.
    await chart.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d to \d\d\/\d\d\/\d{4} \d\d:\d\d: [1-9]\d* of \d+ units? sold \(\d+%\)$/).waitFor();
    await chart.locator('canvas').first().waitFor();
    await chart.getByText(`Chart${tag} Kettle: 1 of 4 units sold (25%)`).waitFor();
    await chart.getByText(`Chart${tag} Flask: 0 of 2 units sold (0%)`).waitFor();
    const slider = chart.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('End');
    await expect
      .poll(() => slider.getAttribute('aria-valuetext'))
      .toMatch(/ to \d\d:\d\d: \d+ sold, [1-9]\d* so far of \d+ units offered$/);
    await screenshot(page, 'admin-drop-sales', VIEWPORTS.desktop);
    await fitsAndReads(page, [VIEWPORTS.desktop, VIEWPORTS.phone]);

    await chart.getByRole('button', { name: 'View as table' }).click();
    const products = chart.getByRole('table', { name: 'Sell-through per product, as a table' });
    await products
      .getByRole('row')
      .filter({ hasText: `Chart${tag} Kettle` })
      .getByText('25%')
      .waitFor();
    expect(await chart.getByRole('table', { name: 'Units sold by hour, as a table' }).getByRole('row').count()).toBe(3);
    await fitsAndReads(page, [VIEWPORTS.phone, VIEWPORTS.desktop]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('says why a drop not open yet has nothing to draw, with no table to show', async () => {
    const { page, pageErrors } = await product.open('/admin/products', { session: { adminToken: token }, viewport: VIEWPORTS.phone });
    await dropsTab(page);
    const sales = rowOf(page, later).getByRole('button', { name: /^Sales of the drop opening / });
    await sales.click();
    expect(await sales.getAttribute('aria-pressed')).toBe('true');
    const chart = page.getByRole('region', { name: `How ${later} sold`, exact: true });
    await chart
      .getByText(new RegExp(`^${later} opens at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d: nothing has sold yet, so there is nothing to draw\\.$`))
      .waitFor();
    expect(await chart.getByRole('button', { name: 'View as table' }).count()).toBe(0);
    await fitsAndReads(page, [VIEWPORTS.phone, VIEWPORTS.desktop]);
    // Pressed again, the chart closes.
    await sales.click();
    await chart.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
