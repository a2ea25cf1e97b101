import { formatIndianDay, todayInIndia } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { createProduct, payOrder, placeUnpaidOrder } from '../src/admin.js';
import { adminCall, adminToken, eventually, useSharedProduct } from '../src/admin-session.js';
import { VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

// The back office's charts (decisions 0096, 0152, 0170) on the suite's product: a member who joins and pays for a
// membership and an order today draws each chart page (Payments, Orders, Users), read by keyboard and as a table; a
// period with nothing in it says why each page's charts are empty. Both at 390 and 1366 px, axe clean.
const product = useSharedProduct();
let token: string;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
const VIEWS = [
  ['a phone', VIEWPORTS.phone],
  ['a computer', VIEWPORTS.desktop],
] as const;

const today = () => formatIndianDay(todayInIndia());
/** The Users page draws the last 12 months by month: its last bucket is this month, "November 2026". */
const thisMonth = () => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());

/**
 * Each chart page: where it is, its heading, the chart read first, its last bucket (today's), the words of its value
 * and of its table's cell, and its empty words.
 */
const PAGES = [
  {
    path: '/admin/payments',
    title: 'Payments',
    chart: 'Revenue net of refunds',
    last: today,
    value: /Revenue ₹[1-9][\d,]*/,
    cell: /^₹[1-9][\d,]*$/,
    empty: 'No payment kept any money between 01/01/2001 and 31/01/2001',
  },
  {
    path: '/admin/orders',
    title: 'Orders',
    chart: 'Paid orders',
    last: today,
    value: /Orders [1-9]\d*/,
    cell: /^[1-9]\d*$/,
    empty: 'No order was paid between 01/01/2001 and 31/01/2001',
  },
  {
    path: '/admin/users',
    title: 'User Management',
    chart: 'Sign-ups',
    last: thisMonth,
    value: /Sign-ups [1-9]\d*/,
    cell: /^[1-9]\d*$/,
    empty: 'No one signed up between 01/01/2001 and 31/01/2001, nor in the period before (01/12/2000 to 31/12/2000)',
  },
] as const;

beforeAll(async () => {
  const base = product.base();
  const member = await subscriber({ name: 'Tara Nair', base, profile: { firstname: 'Tara', lastname: 'Nair', pincode: '403001' } });
  token = await adminToken(base);
  const kettle = await createProduct({ stock: 3 }, base);
  await payOrder((await placeUnpaidOrder(member.token, kettle.id, base)).payment_link);
  const day = todayInIndia();
  await eventually('today reaching every chart', async () => {
    const first = async (page: string) => {
      const { body } = await adminCall(base, token, `/admin/charts/${page}?startDate=${day}&endDate=${day}`);
      return body.data?.charts?.[0]?.points?.[0]?.values?.[0] ?? 0;
    };
    return (await first('payments')) > 0 && (await first('orders')) > 0 && (await first('members')) > 0 ? true : undefined;
  });
});

describe('the back office charts', () => {
  describe.each(PAGES)('on $title', (chartPage) => {
    it.each(VIEWS)('draws today on %s, read by keyboard and as a table', async (_, viewport) => {
      const { page, pageErrors } = await product.open(chartPage.path, { session: { adminToken: token }, viewport });
      await heading(page, chartPage.title);
      const chart = page.getByRole('region', { name: chartPage.chart, exact: true });
      await chart.locator('canvas').first().waitFor();
      const slider = chart.getByRole('slider');
      await slider.focus();
      await page.keyboard.press('End');
      const last = chartPage.last();
      // The last bucket, today's, with the same bucket of the period before beside it.
      await expect.poll(() => slider.getAttribute('aria-valuetext')).toMatch(new RegExp(`^${last}: ${chartPage.value.source}; `));
      await chart.getByText(new RegExp(`^${last}: ${chartPage.value.source}`)).waitFor();
      await chart.getByRole('button', { name: 'View as table' }).click();
      // A pressed toggle, which now offers the chart back.
      expect(await chart.getByRole('button', { name: 'View as chart' }).getAttribute('aria-pressed')).toBe('true');
      const row = chart.getByRole('table').getByRole('row').filter({ hasText: last });
      await row.getByText(chartPage.cell).first().waitFor();
      expect(await widerThanWindow(page), `at ${viewport.width} px`).toEqual([]);
      expect(await seriousViolations(page), `at ${viewport.width} px`).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    });

    it.each(VIEWS)('says why its charts have nothing to draw on %s', async (_, viewport) => {
      const { page, pageErrors } = await product.open(chartPage.path, { session: { adminToken: token }, viewport });
      await heading(page, chartPage.title);
      const period = page.getByRole('region', { name: 'Chart period' });
      await period.getByLabel('Charts from').fill('01/01/2001');
      await period.getByLabel('Charts to').fill('31/01/2001');
      const chart = page.getByRole('region', { name: chartPage.chart, exact: true });
      await chart.getByText(chartPage.empty, { exact: false }).waitFor();
      await chart.getByText(/there is nothing to draw/).waitFor();
      expect(await chart.getByRole('button', { name: 'View as table' }).count()).toBe(0);
      expect(await widerThanWindow(page), `at ${viewport.width} px`).toEqual([]);
      expect(await seriousViolations(page), `at ${viewport.width} px`).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    });
  });
});
