import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminSession } from '../src/admin.js';
import { appStarted, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';

const browser = useBrowser();
const MEMBER = { token: 'member-token', email: 'asha@example.in' };

describe('member routes (the shop remote)', () => {
  it.each([
    ['/personalDetails', "Let's get started", 'Step 01 / 04'],
    ['/spendType', 'Few more details!', 'Step 02 / 04'],
    ['/myLists', 'My Lists', 'Step 03 / 04'],
    ['/shippingInfo', 'Shipping details', 'Step 04 / 04'],
  ])('%s shows onboarding step %s', async (path, heading, step) => {
    const { page, cspViolations } = await browser.open(path, { session: MEMBER });
    await expectHeading(page, heading);
    expect(await page.getByText(step).count()).toBe(1);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it('passes ?section= to the account page and sends a visitor without a session home', async () => {
    const { page } = await browser.open('/profile?section=orders', { session: MEMBER });
    await expectHeading(page, 'Orders');
    await page.goto(`${new URL(page.url()).origin}/profile?section=subscription`);
    await expectHeading(page, 'Subscription');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();

    const visitor = await browser.open('/profile');
    await visitor.page.waitForURL((url) => url.pathname === '/');
    await expectHeading(visitor.page, 'Never pay retail again.');
    await visitor.page.close();
  });

  it('passes navigation state from the shared router to the remote (fromShipping greets the new member)', async () => {
    const { page } = await browser.open('/profile', { session: MEMBER });
    await expectHeading(page, 'Dealsboard');
    expect(await page.getByText('Limited subscriptions are open.').count()).toBe(0);
    // What navigate('/profile', { state: { fromShipping: true } }) does, as the shipping step will.
    await page.evaluate(() => {
      window.history.pushState({ usr: { fromShipping: true }, key: 'from-shipping', idx: 1 }, '', '/profile');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await page.getByText('Welcome aboard! Limited subscriptions are open.').waitFor();
    await page.close();
  });

  it('passes ?order_id= to the order status page', async () => {
    const { page } = await browser.open('/order?order_id=ord_20250201_42');
    await expectHeading(page, 'Order Status');
    expect(await page.getByText('ord_20250201_42', { exact: true }).count()).toBe(1);
    await page.close();
  });
});

describe('admin routes (the admin remote)', () => {
  it('sends a visitor without the admin token to the admin login', async () => {
    const { page, cspViolations } = await browser.open('/admin/payments');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await expectHeading(page, 'Admin Login');
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it('shows each back-office page in its layout to an administrator', async () => {
    // A real admin session: the pages load their data, and a made-up token is sent back to the login.
    const { page } = await browser.open('/admin/users', { session: await adminSession() });
    await expectHeading(page, 'User Management');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Timeouts' }).click();
    await expectHeading(page, 'Timeouts');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('a remote that is down', () => {
  it('shows a friendly error with Retry, and Retry loads it once it is back', async () => {
    const entry = '**/remotes/shop/remoteEntry.js';
    const { page } = await browser.open('/myLists', {
      session: MEMBER,
      prepare: (tab) => tab.route(entry, (route) => route.abort('connectionrefused')),
    });
    await expectHeading(page, "We couldn't load this page");
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute(entry);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Lists' }).waitFor();
    await page.close();
  });
});

describe('a page whose code does not download', () => {
  it('shows the friendly error with Retry instead of a blank page, and Retry loads the page once it can', async () => {
    // The shell's lazy chunks ([id].[hash].js at the root; main.[hash].js is the entry and stays reachable).
    const chunk = /\/\d+\.[0-9a-f]{8}\.js$/;
    const { page } = await browser.open('/about', { prepare: (tab) => tab.route(chunk, (route) => route.abort('connectionrefused')) });
    await expectHeading(page, "We couldn't load this page");
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectHeading(page, 'About Us');
    await page.close();
  });
});

describe('navigation', () => {
  it('starts every new page at the top', async () => {
    const { page } = await browser.open('/', { viewport: VIEWPORTS.phone });
    // The first render is a transition (it yields to the browser), so it can end after the load event.
    await expectHeading(page, 'Never pay retail again.');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Policies' }).click();
    await expectHeading(page, 'Policies');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('starts at the top when only the navigation state changes (the /elts menu), not when only the hash does', async () => {
    const { page } = await browser.open('/elts', { viewport: VIEWPORTS.phone });
    await expectHeading(page, 'Wall of ELTS');
    const menu = page.getByRole('navigation', { name: 'Wall of ELTS menu' });
    await menu.getByRole('link', { name: 'Merch', exact: true }).click();
    await expectHeading(page, 'Merch');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // The same path, /elts, with other state: a new page all the same. (A dispatched click: a real one would first
    // scroll the menu into view.)
    await menu.getByRole('link', { name: 'Wall of ELTS', exact: true }).dispatchEvent('click');
    await expectHeading(page, 'Wall of ELTS');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // A tab of /privacy changes only the hash: the reader stays where they were.
    await page.goto(`${new URL(page.url()).origin}/privacy`);
    await appStarted(page);
    await expectHeading(page, 'Policies');
    const tab = page.getByRole('tab', { name: 'FAQs' });
    await page.evaluate(() => window.scrollTo(0, 120));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await tab.dispatchEvent('click');
    await page.waitForURL((url) => url.hash === '#faqs');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.close();
  });
});
