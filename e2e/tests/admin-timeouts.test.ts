import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { adminCall, adminToken, eventually, useAdminProduct } from '../src/admin-session.js';
import { completeProfile, signUp } from '../src/members.js';

// Timed-out payments in the back office. This file runs its own product with payment timeouts shortened to seconds
// (admin-session.ts): a member starts a membership payment and never finishes it, the product fails it as timed out,
// and the Payments and Timeouts pages show it so.
const product = useAdminProduct();

let token: string;
let timedOutPaymentId: string;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

beforeAll(async () => {
  const base = product.base();
  const kabir = await signUp({ name: 'Kabir Shah', base });
  await completeProfile(kabir, { firstname: 'Kabir', lastname: 'Shah' }, base);
  // Payments learns of the profile from identity's events, a moment after the update answers.
  await eventually('the membership payment starting', async () => {
    const started = await fetch(`${base}/subscription/create-upi-mandate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${kabir.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return started.ok ? true : undefined;
  });
  token = await adminToken(base);
  timedOutPaymentId = await eventually('the unpaid membership payment timing out', async () => {
    const { body } = await adminCall(base, token, '/admin/payments?status=timeout');
    return body.payments?.[0]?.paymentId as string | undefined;
  });
});

describe('timed-out payments and the scheduler in the back office', () => {
  it('filters payments to the timed-out ones', async () => {
    const { page } = await product.open('/admin/payments', { session: { adminToken: token } });
    await heading(page, 'Payments');
    await page.getByRole('region', { name: 'Timed Out' }).getByText('1', { exact: true }).waitFor();
    const table = page.getByRole('region', { name: 'Payments' });
    await table.getByText(timedOutPaymentId).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Timed Out' });
    await page.getByText('Showing 1 to 1 of 1 payments').waitFor();
    const row = table.getByRole('row').filter({ hasText: timedOutPaymentId });
    await row.getByText(/^AUTO TIMEOUT/).waitFor();
    await row.getByText('Kabir Shah').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Success' });
    await page.getByText('No payments found matching the current filters').waitFor();
    await page.close();
  });

  it('shows the timed-out payment and its statistics on the Timeouts page', async () => {
    const { page } = await product.open('/admin/timeouts', { session: { adminToken: token } });
    await heading(page, 'Timeouts');
    const table = page.getByRole('region', { name: 'Recent timed out payments' });
    await table.getByRole('row').filter({ hasText: timedOutPaymentId }).getByText('Auto Timeout').waitFor();
    await page.getByText('No payments currently at risk of timing out').waitFor();
    // One payment, timed out: a 100% timeout rate is high.
    await page.getByRole('region', { name: 'Timeout Rate' }).getByText('100.00%').waitFor();
    await page.getByRole('region', { name: 'Recommendations' }).locator('[data-severity="high"]').first().waitFor();
    await page.getByRole('region', { name: 'Timeout Statistics' }).getByText('₹1,179').first().waitFor();
    await page.getByLabel('Period').selectOption({ label: 'Last 24 hours' });
    await table.getByText(timedOutPaymentId).waitFor();
    await page.close();
  });

  // On this file's own product, so pausing the schedules disturbs no other journey.
  it('stops and restarts the scheduler from the Cron page', async () => {
    const { page } = await product.open('/admin/cron', { session: { adminToken: token } });
    await heading(page, 'Cron');
    const status = page.getByRole('region', { name: 'Service Status' });
    await status.getByText('RUNNING').waitFor();
    await page.getByRole('button', { name: 'Stop Service' }).click();
    // Stopping is confirmed first (the Cron page's dialog).
    await page.getByRole('dialog', { name: 'Stop the cron service?' }).getByRole('button', { name: 'Stop Service' }).click();
    await page.getByRole('status').filter({ hasText: 'Cron service stopped successfully' }).waitFor();
    // The page reloads the status a second after a control action.
    await status.getByText('IDLE').waitFor();
    await page.getByRole('button', { name: 'Restart Service' }).click();
    await page.getByRole('status').filter({ hasText: 'Cron service restarted successfully' }).waitFor();
    await status.getByText('RUNNING').waitFor();
    await page.close();
  });
});
