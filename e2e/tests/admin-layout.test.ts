import { ADMIN_PAGES } from '@elts/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminCall, adminToken, eventually, sendContactMessage, useSharedProduct } from '../src/admin-session.js';
import { VIEWPORTS, type Viewport } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

// Every back-office page as an operator meets it on a 1366 x 768 laptop and on a 390 x 844 phone: nothing wider than
// the window, every main control reachable (scrolled into view, inside the window), every table's columns in sight
// (a card per row on the phone), and no serious axe problem. The browser is set to English (US), whose date
// inputs would read mm/dd/yyyy: the date filters must still read dd/mm/yyyy.
const product = useSharedProduct({ locale: 'en-US' });
let token: string;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const label = (page: Page, name: string) => page.getByLabel(name, { exact: true });
// A required field's label ends in an asterisk.
const requiredLabel = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}( \\*)?$`));
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const cards = (page: Page, ...names: string[]) => names.map((name) => region(page, name));
const dateFilters = (page: Page) => [label(page, 'Start Date'), label(page, 'End Date')];
const orderFilters = (page: Page) => [label(page, 'Status'), ...dateFilters(page), label(page, 'Search')];

interface Screen {
  path: string;
  title: string;
  /** Shown before the checks (a tab chosen), and named in failures. */
  step?: { name: string; run: (page: Page) => Promise<void> };
  controls: (page: Page) => Locator[];
  /** A table region that has rows here: every column of it must be in sight. */
  table?: string;
}

const SCREENS: Screen[] = [
  {
    path: '/admin/users',
    title: 'User Management',
    controls: (page) => [
      button(page, 'Download CSV'),
      label(page, 'Name'),
      label(page, 'Email'),
      label(page, 'Profession'),
      label(page, 'Subscription Type'),
      label(page, 'Search chips'),
    ],
    table: 'Users',
  },
  {
    path: '/admin/products',
    title: 'Product Catalog',
    controls: (page) => [tab(page, 'Products'), tab(page, 'Deal Drops'), tab(page, 'Early Access'), button(page, 'Add Product')],
  },
  {
    path: '/admin/payments',
    title: 'Payments',
    controls: (page) => [
      ...cards(page, 'Total Revenue', 'Total Payments', 'Successful', 'Pending', 'Failed', 'Timed Out'),
      label(page, 'Status'),
      label(page, 'Payment Type'),
      ...dateFilters(page),
      label(page, 'Search'),
    ],
    table: 'Payments',
  },
  {
    path: '/admin/orders',
    title: 'Orders',
    controls: (page) => [
      tab(page, 'Product Orders'),
      tab(page, 'Subscriptions'),
      ...cards(page, 'Total Revenue', 'Total Orders', 'Completed', 'Pending'),
      ...orderFilters(page),
    ],
  },
  {
    path: '/admin/orders',
    title: 'Orders',
    step: { name: 'the Subscriptions tab', run: (page) => tab(page, 'Subscriptions').click() },
    controls: (page) => [
      ...cards(page, 'Total Revenue', 'Total Subscriptions', 'Completed', 'Pending', 'Active', 'Failed', 'Cancelled', 'Revoked'),
      ...orderFilters(page),
    ],
    table: 'Subscriptions',
  },
  { path: '/admin/exchanges', title: 'Exchanges', controls: (page) => [label(page, 'State')] },
  {
    path: '/admin/cron',
    title: 'Cron',
    controls: (page) => [
      ...['Trigger Normal Check', 'Trigger Light Check', 'Restart Service', 'Stop Service', 'Refresh'].map((name) => button(page, name)),
      ...cards(page, 'Service Status', 'Success Rate', 'Last Run', 'Server Uptime'),
    ],
  },
  {
    path: '/admin/timeouts',
    title: 'Timeouts',
    controls: (page) => [
      button(page, 'Refresh'),
      label(page, 'Period'),
      ...cards(page, 'Total Payments', 'Success Rate', 'Timeout Rate', 'At Risk'),
      region(page, 'Recent Timed Out Payments'),
    ],
  },
  {
    path: '/admin/giveaway',
    title: 'Giveaway',
    controls: (page) => [
      button(page, 'Download CSV'),
      ...cards(page, 'Members', 'Total Entries', 'Passed', 'Failed'),
      region(page, 'Draw'),
      region(page, 'Prizes'),
      label(page, 'Result'),
    ],
  },
  { path: '/admin/audit', title: 'Audit trail', controls: () => [], table: 'Audit log' },
  { path: '/admin/messages', title: 'Messages', controls: () => [], table: 'Contact messages' },
  {
    path: '/admin/gst',
    title: 'GST Returns',
    controls: (page) => [
      label(page, 'Month'),
      ...['B2B', 'B2CL', 'B2CS', 'HSN', 'CDNR', 'CDNUR'].map((name) => button(page, `Download ${name} CSV`)),
    ],
    table: 'GSTR-1 Sections',
  },
];

beforeAll(async () => {
  const base = product.base();
  // Data that makes each table have rows, and wide ones: a member with long lists (a subscriber, so there is a
  // payment and a subscription), a contact message, and an audited cron check.
  const member = await subscriber({
    name: 'Meera Iyer',
    base,
    profile: {
      pincode: '403001',
      needList: ['Noise cancelling headphones', 'Standing desk', 'Espresso machine', 'Yoga mat', 'Trail shoes'],
      professionAddress: 'Flat 12, Sunrise Apartments, Miramar Road, Panaji',
    },
  });
  token = await adminToken(base);
  await sendContactMessage(base, 'We would like to bring ELTS Club to our campus festival in January.');
  expect((await adminCall(base, token, '/admin/cron/trigger', { body: { mode: 'light' } })).status).toBe(200);
  await eventually('the subscriber and the message reaching the back office', async () => {
    const payments = await adminCall(base, token, `/admin/payments?searchTerm=${encodeURIComponent(member.email)}`);
    const messages = await adminCall(base, token, '/admin/messages');
    return payments.body.payments?.length && messages.body.data?.length ? true : undefined;
  });
});

const where = (screen: Screen, viewport: Viewport) =>
  `${screen.path}${screen.step ? ` (${screen.step.name})` : ''} at ${viewport.width} x ${viewport.height}`;

/** Scrolls `control` into view as a person would, then it must lie inside the window, not past its right edge. */
async function expectReachable(page: Page, control: Locator, what: string) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect.soft(box, `${what}: not shown`).not.toBeNull();
  if (!box) return;
  expect
    .soft(box.x >= -1 && box.x + box.width <= width + 1, `${what} spans ${Math.round(box.x)} to ${Math.round(box.x + box.width)} px`)
    .toBe(true);
}

/**
 * Every column of the table is in sight (issue 34): on a laptop the table fits its box, its header row held while
 * its rows scroll; on a phone each row is a card, so nothing scrolls sideways either.
 */
async function expectWholeTable(page: Page, name: string, what: string, viewport: Viewport) {
  const box = region(page, name);
  await box.getByRole('row').nth(1).waitFor();
  const shown = await box.evaluate((element) => {
    const header = element.querySelector('thead th');
    const row = element.querySelector('tbody tr');
    return {
      fits: element.scrollWidth <= element.clientWidth,
      header: header ? getComputedStyle(header).position : 'none',
      row: row ? getComputedStyle(row).display : 'none',
    };
  });
  expect.soft(shown.fits, `${what}: ${name} scrolls sideways`).toBe(true);
  if (viewport === VIEWPORTS.phone) expect.soft(shown.row, `${what}: the rows of ${name} are not cards`).toBe('block');
  else expect.soft(shown.header, `${what}: the header row of ${name} is not held`).toBe('sticky');
}

const SIZES = [
  ['a 1366 px laptop', VIEWPORTS.desktop],
  ['a 390 px phone', VIEWPORTS.phone],
] as const;

// A page added to the back office's registry and not to SCREENS would go unwalked: this says so.
describe('the walk of the back office', () => {
  it('takes in every page of the registry, each under its heading', () => {
    expect([...new Set(SCREENS.map((screen) => screen.path))].sort()).toEqual(ADMIN_PAGES.map((page) => page.path).sort());
    for (const screen of SCREENS) {
      expect(screen.title, screen.path).toBe(ADMIN_PAGES.find((page) => page.path === screen.path)?.heading);
    }
  });
});

describe.each(SIZES)('the back office on %s', (_, viewport) => {
  it.each(SCREENS.map((screen) => [where(screen, viewport), screen] as const))(
    'fits %s in the window, with every main control reachable and no serious axe problem',
    async (what, screen) => {
      const { page, pageErrors } = await product.open(screen.path, { session: { adminToken: token }, viewport });
      await page.getByRole('heading', { level: 1, name: screen.title, exact: true }).waitFor();
      await screen.step?.run(page);
      // Checked once the page's data is in (every list shows 'Loading ...' until then).
      await page
        .getByText(/^Loading .*\.\.\.$/)
        .first()
        .waitFor({ state: 'detached' });
      // Soft: one run reports every control that does not fit, not just the first.
      expect.soft(await widerThanWindow(page), what).toEqual([]);
      const navigation = page.getByRole('navigation', { name: 'Back office' }).getByRole('link');
      for (const link of await navigation.all()) await expectReachable(page, link, `${what}: the link ${await link.textContent()}`);
      await expectReachable(page, button(page, 'Logout'), `${what}: Logout`);
      for (const control of screen.controls(page)) await expectReachable(page, control, `${what}: ${control}`);
      if (screen.table) {
        await expectReachable(page, region(page, screen.table), `${what}: the table ${screen.table}`);
        await expectWholeTable(page, screen.table, what, viewport);
      }
      expect.soft(await widerThanWindow(page), `${what}, after scrolling`).toEqual([]);
      expect.soft(await seriousViolations(page), what).toEqual([]);
      expect(pageErrors, what).toEqual([]);
      await page.close();
    },
    // Axe over a full page of rows takes a while on a busy two-core machine.
    120_000,
  );

  it('fits the login page in the window', async () => {
    const { page } = await product.open('/admin/login', { viewport });
    await page.getByRole('heading', { level: 1, name: 'Admin Login', exact: true }).waitFor();
    expect(await widerThanWindow(page)).toEqual([]);
    for (const control of [requiredLabel(page, 'Username'), requiredLabel(page, 'Password'), button(page, 'Login')]) {
      await expectReachable(page, control, `/admin/login at ${viewport.width} px: ${control}`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the date filters', () => {
  it('read and take dd/mm/yyyy in India time in a browser set to English (US)', async () => {
    const { page } = await product.open('/admin/payments', { session: { adminToken: token } });
    await page.getByRole('heading', { level: 1, name: 'Payments', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const [start, end] = dateFilters(page) as [Locator, Locator];
    for (const filter of [start, end]) {
      await expect(filter.getAttribute('placeholder')).resolves.toBe('dd/mm/yyyy');
      // The caption is the field's description, so a screen reader says it too.
      await expect(filter.evaluate((input) => input.getAttribute('aria-describedby'))).resolves.toBeTruthy();
      await expect(
        filter.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent),
      ).resolves.toBe('India time (IST)');
    }
    // Typed as digits, the slashes come by themselves; the server gets its own YYYY-MM-DD.
    const asked = page.waitForRequest(
      (request) => request.url().includes('/admin/payments?') && request.url().includes('startDate=2026-11-25'),
    );
    await start.pressSequentially('25112026');
    await asked;
    await expect(start.inputValue()).resolves.toBe('25/11/2026');
    // A day that does not exist is refused where it was typed, and not sent.
    await end.fill('31/02/2026');
    await page.getByText('Enter a real date as dd/mm/yyyy').waitFor();
    const untilEnd = page.waitForRequest((request) => request.url().includes('endDate=2026-11-30'));
    await end.fill('30/11/2026');
    await untilEnd;
    await page.getByText('Enter a real date as dd/mm/yyyy').waitFor({ state: 'detached' });
    await page.close();
  });
});
