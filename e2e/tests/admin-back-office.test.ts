import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT, adminCall, adminToken, eventually, useAdminProduct } from '../src/admin-session.js';
import { completeProfile, signUp, subscriber, type TestMember } from '../src/members.js';

// The back office end to end: an operator signs in, reads every page with real data made through the product's own
// API (a subscriber, and a member whose membership payment was never finished and timed out), manages the catalog
// and runs a reconciliation check. Payment timeouts are shortened to seconds in this product (admin-session.ts).
const product = useAdminProduct();
const word = `zorb${Math.random().toString(36).slice(2, 7)}`;

let token: string;
let buyer: TestMember;
let dropout: TestMember;
let timedOutPaymentId: string;

const adminSession = () => ({ adminToken: token });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

beforeAll(async () => {
  const base = product.base();
  buyer = await subscriber({
    name: 'Meera Iyer',
    base,
    profile: { firstname: 'Meera', lastname: 'Iyer', pincode: '403001', needList: ['Headphones', `${word} kettle`, 'Yoga mat'] },
  });
  dropout = await signUp({ name: 'Kabir Shah', base });
  await completeProfile(
    dropout,
    { firstname: 'Kabir', lastname: 'Shah', pincode: '560001', professionAddress: '4th Cross, Indiranagar, Bengaluru' },
    base,
  );
  const started = await fetch(`${base}/subscription/create-upi-mandate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${dropout.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(started.status).toBe(200);
  token = await adminToken(base);
  // Never paid: the payment times out after the shortened timeout, and the back office's read model hears of it.
  timedOutPaymentId = await eventually('the unpaid membership payment timing out', async () => {
    const { body } = await adminCall(base, token, '/admin/payments?status=timeout');
    return body.payments?.[0]?.paymentId as string | undefined;
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

  it('lists users with pincode chips, filters by a chip, and downloads the CSV of the filtered users', async () => {
    const { page } = await product.open('/admin/users', { session: adminSession() });
    await heading(page, 'User Management');
    const table = page.getByRole('region', { name: 'Users' });
    await table.getByText(buyer.email).waitFor();
    await table.getByText(dropout.email).waitFor();
    // The billing address is cut at 20 characters.
    await table.getByText('4th Cross, Indiranag...', { exact: true }).waitFor();
    await page.getByRole('button', { name: '403001 (1)' }).click();
    await page.getByRole('region', { name: 'Selected chips' }).getByText('Pincode: 403001').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByText(buyer.email).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^users_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]?.split(',')).toHaveLength(15);
    expect(lines[0]).toMatch(/^First Name,Last Name,Email,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Meera,Iyer,${buyer.email}`);

    await page.getByRole('button', { name: 'Remove Pincode 403001' }).click();
    await table.getByText(dropout.email).waitFor();
    await page.close();
  });

  it('filters payments to the timed-out ones', async () => {
    const { page } = await product.open('/admin/payments', { session: adminSession() });
    await heading(page, 'Payments');
    await page.getByRole('region', { name: 'Timed Out' }).getByText('1', { exact: true }).waitFor();
    const table = page.getByRole('region', { name: 'Payments' });
    await table.getByText(timedOutPaymentId).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Timed Out' });
    await page.getByText('Showing 1 to 1 of 1 payments').waitFor();
    const row = table.getByRole('row').filter({ hasText: timedOutPaymentId });
    await row.getByText(/^AUTO TIMEOUT/).waitFor();
    await row.getByText('Kabir Shah').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Success' });
    await page.getByText('Showing 1 to 1 of 1 payments').waitFor();
    await table
      .getByText('N/A')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.getByLabel('Search').fill('no-such-payment');
    await page.getByText('No payments found matching the current filters').waitFor();
    await page.close();
  });

  it('shows the orders, subscriptions and timeout analysis pages with their data', async () => {
    const { page } = await product.open('/admin/orders', { session: adminSession() });
    await heading(page, 'Orders');
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await page.getByRole('region', { name: 'Subscriptions' }).getByText('Meera Iyer').waitFor();
    await page.getByRole('region', { name: 'Active' }).getByText('1', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Timeouts' }).click();
    await heading(page, 'Timeouts');
    const timedOut = page.getByRole('region', { name: 'Recent timed out payments' });
    await timedOut.getByRole('row').filter({ hasText: timedOutPaymentId }).getByText('Auto Timeout').waitFor();
    await page.getByText('No payments currently at risk of timing out').waitFor();
    await page.getByRole('region', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    await page.close();
  });

  it('creates a product that reaches a member’s deals board, and disables it again', async () => {
    const { page } = await product.open('/admin/products', { session: adminSession() });
    await heading(page, 'Product Catalog');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    const name = `${word} kettle 1.5 L`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Price (₹)').fill('1499');
    await form.getByLabel('Amazon Price (₹)').fill('2199');
    await form.getByLabel('Category').selectOption('Home & Garden');
    await form.getByLabel('Stock').fill('12');
    await form.getByLabel('Image URL 1').fill('not a url');
    await form
      .getByLabel('Section 1 content')
      .fill(`A steel kettle that boils water in three minutes. ${'Quiet, safe and easy to clean. '.repeat(4)}`);
    await form.getByRole('button', { name: 'Save Product' }).click();
    await form.getByText('Each image must be a URL').waitFor();
    await form.getByLabel('Image URL 1').fill('');
    const start = new Date(Date.now() - 3600_000 + 330 * 60_000).toISOString().slice(0, 16);
    const end = new Date(Date.now() + 7 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 16);
    await form.getByLabel('Sale Starts (IST)').fill(start);
    await form.getByLabel('Sale Ends (IST)').fill(end);
    await form.getByRole('button', { name: 'Save Product' }).click();
    await page.getByText('Product created').waitFor();
    const card = page.getByRole('listitem', { name });
    await card.getByText('₹1,499').waitFor();
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
    await page.getByText('Product disabled').waitFor();
    await card.getByText('Disabled', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enable' }).waitFor();
    await eventually('the disabled product leaving the member’s board', async () => ((await board()).includes(name) ? undefined : true));
    await page.close();
  });

  it('triggers a light check from the Cron page and shows the success banner', async () => {
    const { page } = await product.open('/admin/cron', { session: adminSession() });
    await heading(page, 'Cron');
    await page.getByRole('region', { name: 'Service Status' }).getByText('RUNNING').waitFor();
    await page.getByRole('button', { name: 'Trigger Light Check' }).click();
    await page.getByRole('status').filter({ hasText: 'Manual cron check triggered successfully in light mode' }).waitFor();
    await page.getByText('Jobs Count').waitFor();
    await page.close();
  });

  it('gives a member session no admin data', async () => {
    const { status, body } = await adminCall(product.base(), buyer.token, '/admin/users');
    expect(status).toBe(401);
    expect(body.message).toBe('Authentication required');
    const { page } = await product.open('/admin/payments', { session: { adminToken: buyer.token } });
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toBeNull();
    await page.close();
  });
});
