import { readFile } from 'node:fs/promises';
import { addDays, formatIndianDay, fridayDropWindow, indianWallClock, isDropFriday, offCalendarWarning } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { ADMIN_ACCOUNT, adminCall, adminToken, eventually, sendContactMessage, useSharedProduct } from '../src/admin-session.js';
import { screenshot } from '../src/artifacts.js';
import { VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { completeProfile, revokeMandate, signUp, subscriber, type TestMember } from '../src/members.js';

// The back office end to end on the suite's product: an operator signs in, reads the pages with data made through
// the product's own API (a subscriber, and a member who filled the profile but never paid), manages the catalog and
// runs a reconciliation check. Other journeys share the product, so every check narrows to this file's members
// (their own pincodes, searches by their email). Timed-out payments have their own file (admin-timeouts).
const product = useSharedProduct();
const word = `zorb${Math.random().toString(36).slice(2, 7)}`;
// The product runs with the default drop calendar (DROP_ANCHOR_DATE).
const DROP_ANCHOR = '2025-01-03';
const uniquePincode = () => String(700_000 + Math.floor(Math.random() * 99_999));
const buyerPincode = uniquePincode();

let token: string;
let buyer: TestMember;
let kabir: TestMember;
let ira: TestMember;

const adminSession = () => ({ adminToken: token });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

beforeAll(async () => {
  const base = product.base();
  const buyerProfile = { firstname: 'Meera', lastname: 'Iyer', needList: ['Headphones', `${word} kettle`, 'Yoga mat'] };
  // A membership starts only where the courier delivers (Panaji); then the buyer moves to a pincode of their own.
  buyer = await subscriber({ name: 'Meera Iyer', base, profile: { ...buyerProfile, pincode: '403001' } });
  await completeProfile(buyer, { ...buyerProfile, pincode: buyerPincode }, base);
  kabir = await signUp({ name: 'Kabir Shah', base });
  await completeProfile(
    kabir,
    { firstname: 'Kabir', lastname: 'Shah', pincode: uniquePincode(), professionAddress: '4th Cross, Indiranagar, Bengaluru' },
    base,
  );
  // A member who subscribed and then revoked the mandate: a revoked subscription the Orders page must find.
  ira = await subscriber({ name: 'Ira Menon', base, profile: { firstname: 'Ira', lastname: 'Menon', pincode: '403001' } });
  await revokeMandate(ira, base);
  token = await adminToken(base);
  // The back office's read model hears of the members a moment after the calls answer.
  await eventually('the members reaching the back office', async () => {
    const { body } = await adminCall(base, token, `/admin/users?email=${encodeURIComponent(kabir.email)}`);
    return body.users?.length === 1 ? true : undefined;
  });
});

describe('the back office', () => {
  it('signs an admin in, and refuses a wrong password with the server message', async () => {
    const { page } = await product.open('/admin/users');
    await page.waitForURL('**/admin/login');
    await page.getByLabel('Username').fill(ADMIN_ACCOUNT.username);
    await page.getByLabel('Password').fill('not the passphrase');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid username or password');
    await page.getByLabel('Password').fill(ADMIN_ACCOUNT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await heading(page, 'User Management');
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toBeNull();
    await page.close();
  });

  it('lists users with filters and pincode chips, and downloads the CSV of the filtered users', async () => {
    const { page } = await product.open('/admin/users', { session: adminSession() });
    await heading(page, 'User Management');
    const table = page.getByRole('region', { name: 'Users' });
    await page.getByLabel('Email').fill(kabir.email);
    const row = table.getByRole('row').filter({ hasText: kabir.email });
    // The billing address is cut at 20 characters; the age comes from the date of birth.
    await row.getByText('4th Cross, Indiranag...', { exact: true }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByLabel('Email').fill('');

    await page.getByLabel('Search chips').fill(buyerPincode);
    await page.getByRole('button', { name: `${buyerPincode} (1)` }).click();
    await page.getByRole('region', { name: 'Selected chips' }).getByText(`Pincode: ${buyerPincode}`).waitFor();
    await table.getByText(buyer.email).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByText('Showing 1 to 1 of 1 users').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^users_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]?.split(',')).toHaveLength(15);
    expect(lines[0]).toMatch(/^First Name,Last Name,Email,Mobile,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Meera,Iyer,${buyer.email}`);
    expect(lines[1]).toContain(buyerPincode);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('region', { name: 'Selected chips' }).waitFor({ state: 'detached' });

    // Sorting happens on the server, across every page: youngest first is the latest date of birth first.
    const byAge = page.waitForRequest((request) => /[?&]sort=age&order=desc/.test(request.url()));
    await table.getByRole('button', { name: 'Age' }).click();
    await byAge;
    await expect(table.getByRole('columnheader', { name: 'Age' }).getAttribute('aria-sort')).resolves.toBe('ascending');
    const byEmail = page.waitForRequest((request) => /[?&]sort=email&order=desc/.test(request.url()));
    await table.getByRole('button', { name: 'Email' }).click();
    await table.getByRole('button', { name: 'Email' }).click();
    await byEmail;
    await page.close();
  });

  it('shows payments with their summary cards and filters them', async () => {
    const { page } = await product.open('/admin/payments', { session: adminSession() });
    await heading(page, 'Payments');
    await page.getByLabel('Search').fill(buyer.email);
    await page.getByText('Showing 1 to 1 of 1 payments').waitFor();
    await page.getByRole('region', { name: 'Total Payments' }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Successful' }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Total Revenue' }).getByText('₹1,179').waitFor();
    const row = page.getByRole('region', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Meera Iyer' });
    await row.getByText('Subscription', { exact: true }).waitFor();
    await row.getByText('₹1,179').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Failed' });
    await page.getByText('No payments found matching the current filters').waitFor();
    await page.close();
  });

  it('shows the subscription on the Orders page', async () => {
    const { page } = await product.open('/admin/orders', { session: adminSession() });
    await heading(page, 'Orders');
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await page.getByLabel('Search').fill(buyer.email);
    const row = page.getByRole('region', { name: 'Subscriptions' }).getByRole('row').filter({ hasText: 'Meera Iyer' });
    await row.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Active' }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Total Subscriptions' }).getByText('1', { exact: true }).waitFor();

    // A revoked subscription is found by its status and counted on the Revoked card, not as Completed.
    await page.getByLabel('Search').fill(ira.email);
    const status = page.getByLabel('Status', { exact: true });
    for (const label of ['Active', 'Pending', 'Expired', 'Failed', 'Cancelled', 'Revoked']) {
      await status.locator('option', { hasText: label }).waitFor({ state: 'attached' });
    }
    await status.selectOption({ label: 'Revoked' });
    const revoked = page.getByRole('region', { name: 'Subscriptions' }).getByRole('row').filter({ hasText: 'Ira Menon' });
    await revoked.getByText('Revoked', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Revoked', exact: true }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Completed', exact: true }).getByText('0', { exact: true }).waitFor();
    await status.selectOption({ label: 'Active' });
    await page.getByText('No subscriptions found').waitFor();

    await page.getByRole('tab', { name: 'Product Orders' }).click();
    await page.getByRole('region', { name: 'Total Orders' }).waitFor();
    await page.close();
  });

  it('creates a product that reaches a member’s deals board, and disables it again', async () => {
    const { page } = await product.open('/admin/products', { session: adminSession() });
    await heading(page, 'Product Catalog');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    const name = `${word} kettle 1.5 L`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('1499.90');
    await form.getByLabel('Amazon Price (₹)').fill('2199');
    // The operator is told the retail price is recorded with the day of the save (decision 0166).
    await form.getByText("Saving records this price with today's date. Members see that date beside the discount.").waitFor();
    await form.getByLabel('Category').selectOption('Home & Garden');
    await form.getByLabel('Stock').fill('12');
    await form.getByLabel('HSN Code').fill('85167990');
    await form.getByLabel('GST Rate').selectOption('18');
    await form.getByLabel('Image URL 1').fill('not a url');
    await form
      .getByLabel('Section 1 content')
      .fill(`A steel kettle that boils water in three minutes. ${'Quiet, safe and easy to clean. '.repeat(4)}`);
    await form.getByRole('button', { name: 'Save Product' }).click();
    await form.getByText('Each image must be a URL').waitFor();
    await form.getByLabel('Image URL 1').fill('');
    await form.getByRole('button', { name: 'Save Product' }).click();
    await form.getByText('At least one image is required').waitFor();
    await form.getByLabel('Image URL 1').fill(`${product.base()}/product/images/flask.svg`);
    // Typed as Indian readers write a moment, dd/mm/yyyy hh:mm in India time, whatever the browser's locale.
    const typed = (at: number) => {
      const [day, time] = indianWallClock(new Date(at)).split('T') as [string, string];
      return `${formatIndianDay(day)} ${time.slice(0, 5)}`;
    };
    await form.getByLabel('Sale Starts (IST)').fill(typed(Date.now() - 3600_000));
    await form.getByLabel('Sale Ends (IST)').fill(typed(Date.now() - 7200_000));
    await form.getByRole('button', { name: 'Save Product' }).click();
    await form.getByText('Sale end must be after sale start').waitFor();
    await form.getByLabel('Sale Ends (IST)').fill(typed(Date.now() + 7 * 86_400_000));
    await form.getByRole('button', { name: 'Save Product' }).click();
    await page.getByText('Product created').waitFor();
    const card = page.getByRole('listitem', { name });
    // Cards show the price to the paisa (tables round to rupees), and the form opens with it so.
    await card.getByText('₹1,499.90', { exact: true }).waitFor();
    await card.getByText('₹2,199.00', { exact: true }).waitFor();
    const today = formatIndianDay(indianWallClock(new Date()).slice(0, 10));
    await card.getByText(`Retail price recorded on ${today}`, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Edit' }).click();
    const editing = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(editing.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).inputValue()).resolves.toBe('1499.90');
    await editing.getByText(`Recorded on ${today}. Members see this date beside the discount.`).waitFor();
    // The same price checked again is recorded anew when saved; a new price needs no box.
    await editing.getByLabel('Checked this retail price today').check();
    await editing.getByText("Saving records this price with today's date. Members see that date beside the discount.").waitFor();
    await editing.getByLabel('Amazon Price (₹)').fill('2299');
    await editing.getByLabel('Checked this retail price today').waitFor({ state: 'detached' });
    await editing.getByRole('button', { name: 'Close' }).click();
    // The description preview stops at 90 characters.
    const preview = (await card.locator('p').last().textContent()) ?? '';
    expect(preview).toMatch(/^A steel kettle/);
    expect(preview.length).toBe(93);

    const board = async () => {
      const response = await fetch(`${product.base()}/product/list?enabled_only=true&limit=15`, {
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      const body = (await response.json()) as { data: { products: { name: string }[] } };
      return body.data.products.map((p) => p.name);
    };
    await eventually('the new product reaching the member’s board', async () => ((await board()).includes(name) ? true : undefined));

    await card.getByRole('button', { name: 'Disable' }).click();
    await page
      .getByRole('dialog', { name: `Disable ${name}?` })
      .getByRole('button', { name: 'Disable product' })
      .click();
    await page.getByText('Product disabled').waitFor();
    await card.getByText('Disabled', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enable' }).waitFor();
    await eventually('the disabled product leaving the member’s board', async () => ((await board()).includes(name) ? undefined : true));
    await page.close();
  });

  it('triggers a light check from the Cron page, and stops the service only once the operator confirms', async () => {
    const { page } = await product.open('/admin/cron', { session: adminSession() });
    await heading(page, 'Cron');
    await page.getByRole('region', { name: 'Service Status' }).getByText('RUNNING').waitFor();
    await page.getByRole('button', { name: 'Trigger Light Check' }).click();
    await page.getByRole('status').filter({ hasText: 'Manual cron check triggered successfully in light mode' }).waitFor();
    await page.getByText('Jobs Count').waitFor();

    // Stop Service asks first; Cancel leaves the service running.
    await page.getByRole('button', { name: 'Stop Service' }).click();
    const confirm = page.getByRole('dialog', { name: 'Stop the cron service?' });
    await confirm.getByText('The scheduled checks of payments with the payment gateway stop until you press Restart Service.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Service Status' }).getByText('RUNNING').waitFor();
    await page.getByRole('button', { name: 'Stop Service' }).click();
    await confirm.getByRole('button', { name: 'Stop Service' }).click();
    await page.getByRole('status').filter({ hasText: 'Cron service stopped successfully' }).waitFor();
    await page.getByRole('region', { name: 'Service Status' }).getByText('IDLE').waitFor();
    // Other journeys share this product: the service runs again.
    await page.getByRole('button', { name: 'Restart Service' }).click();
    await page.getByRole('status').filter({ hasText: 'Cron service restarted successfully' }).waitFor();
    await page.getByRole('region', { name: 'Service Status' }).getByText('RUNNING').waitFor();
    await page.close();
  });

  it('lists a failing step on the Cron page with its retry and give-up, and a rate of 100.0% with no errors', async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const { page } = await product.open('/admin/cron', { session: adminSession(), viewport });
      await heading(page, 'Cron');
      // The first answer must be on screen before the route is set: a Refresh while that first request is still
      // running joins it (react-query re-runs a query only once it has data), and that request was not routed.
      await page.getByRole('region', { name: 'Service Status' }).waitFor();
      const nextRun = new Date(Date.now() + 5 * 60_000).toISOString();
      // The payments service's status with a step that keeps failing (a real one takes a gateway outage) and no
      // errors among the checks; everything else is the product's own answer.
      await page.route('**/admin/cron/status', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.cron_service = { ...body.data.cron_service, isRunning: true, successCount: 12, errorCount: 0, nextRunTime: nextRun };
        body.data.failing_steps = [
          {
            type: 'membership.expiry',
            key: 'MEM-E2E:c1',
            subject: 'MEM-E2E',
            attempts: 9,
            lastError: 'Cashfree answered 503',
            nextAttemptAt: nextRun,
          },
        ];
        await route.fulfill({ response, json: body });
      });
      await page.getByRole('button', { name: 'Refresh' }).click();
      const failing = page.getByRole('region', { name: 'Failing Steps' });
      await failing.getByText('Membership Expiry').waitFor();
      await failing.getByText('Cashfree answered 503').waitFor();
      await page.getByRole('region', { name: 'Success Rate' }).getByText('100.0%').waitFor();
      await page
        .getByRole('region', { name: 'Service Status' })
        .getByText(/^Next run \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
        .waitFor();
      expect(await widerThanWindow(page)).toEqual([]);

      // Give Up asks first; Cancel changes nothing.
      await failing.getByRole('button', { name: 'Give Up' }).click();
      const confirm = page.getByRole('dialog', { name: 'Give up this step?' });
      await confirm.getByText('Give up step membership.expiry for MEM-E2E? It will not run again', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      // Retry Now reaches the payments service, which has no such step waiting: its sentence is the banner.
      await failing.getByRole('button', { name: 'Retry Now' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'That step is not waiting to run: it has succeeded, been given up, or does not exist.' })
        .waitFor();
      await page.close();
    }
  });

  it('schedules and cancels a deal drop, and grants and removes early access', async () => {
    const { page } = await product.open('/admin/products', { session: adminSession() });
    await heading(page, 'Product Catalog');
    await page.getByRole('tab', { name: 'Deal Drops' }).click();
    // A Friday about five weeks ahead on the Indian calendar, and one between two of the calendar's drops: the
    // form warns as it is typed, and the operator may still schedule it.
    const ahead = new Date(Date.now() + 35 * 86_400_000 + 330 * 60_000);
    ahead.setUTCDate(ahead.getUTCDate() + ((5 - ahead.getUTCDay() + 7) % 7));
    const nearFriday = ahead.toISOString().slice(0, 10);
    const friday = isDropFriday(DROP_ANCHOR, nearFriday) ? addDays(nearFriday, 7) : nearFriday;
    const warning = offCalendarWarning(DROP_ANCHOR, fridayDropWindow(friday)) as string;
    const label = `${word} special`;
    await page.getByLabel('Opens on').fill(formatIndianDay(friday));
    await page.getByRole('status').filter({ hasText: warning }).waitFor();
    await page.getByLabel('Label').fill(label);
    await page.getByRole('button', { name: 'Schedule Drop' }).click();
    await page.getByText(`Deal drop scheduled. ${warning}`).waitFor();
    const row = page.getByRole('region', { name: 'Deal drops' }).getByRole('row').filter({ hasText: label });
    await row.getByText(warning).waitFor();
    await row.getByRole('button', { name: /^Cancel drop opening / }).click();
    await page.getByRole('dialog', { name: 'Cancel this drop?' }).getByRole('button', { name: 'Cancel drop' }).click();
    await page.getByText('Deal drop cancelled').waitFor();
    await row.getByText('Cancelled', { exact: true }).waitFor();

    // The warning and the table's warning lines fit a phone and pass axe.
    const phone = await product.open('/admin/products', { session: adminSession(), viewport: VIEWPORTS.phone });
    await phone.page.getByRole('tab', { name: 'Deal Drops' }).click();
    await phone.page.getByLabel('Opens on').fill(formatIndianDay(friday));
    await phone.page.getByRole('status').filter({ hasText: warning }).waitFor();
    await screenshot(phone.page, 'admin-drop-off-calendar', VIEWPORTS.phone);
    expect(await widerThanWindow(phone.page)).toEqual([]);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.page.close();

    await page.getByRole('tab', { name: 'Early Access' }).click();
    await page.getByLabel('Member email').fill(kabir.email);
    await page.getByRole('button', { name: 'Grant Access' }).click();
    await page.getByText('Early access granted').waitFor();
    await page.getByRole('button', { name: `Remove ${kabir.email}` }).click();
    await page.getByText('Early access removed').waitFor();
    await page.getByRole('button', { name: `Remove ${kabir.email}` }).waitFor({ state: 'detached' });
    await page.close();
  });

  it('lists the cron actions on the Audit page and contact messages on the Messages page', async () => {
    const message = `Campus ambassador enquiry ${word}`;
    await sendContactMessage(product.base(), message);
    await eventually('the contact message reaching the back office', async () => {
      const { body } = await adminCall(product.base(), token, '/admin/messages');
      return body.data?.some((m: { message: string }) => m.message === message) ? true : undefined;
    });
    const { page } = await product.open('/admin/audit', { session: adminSession() });
    await heading(page, 'Audit trail');
    await page.getByRole('region', { name: 'Audit log' }).getByText('Ran a payment check').first().waitFor();
    await page.getByRole('link', { name: 'Messages' }).click();
    await heading(page, 'Messages');
    const row = page.getByRole('region', { name: 'Contact messages' }).getByRole('row').filter({ hasText: message });
    await row.getByText('Campus Ambassadors').waitFor();
    await page.close();
  });

  it('gives a member session no admin data', async () => {
    const { status, body } = await adminCall(product.base(), buyer.token, '/admin/users');
    expect(status).toBe(401);
    expect(body.message).toBe('Authentication required');
    // The member's token put where the admin token goes: the first admin call answers 401 and the remote drops it.
    const { page } = await product.open('/admin/login');
    await page.evaluate((memberToken) => sessionStorage.setItem('adminToken', memberToken), buyer.token);
    await page.goto(`${product.base()}/admin/payments`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toBeNull();
    await page.close();
  });
});
