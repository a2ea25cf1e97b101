import { formatIndianDay, todayInIndia } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminCall, adminToken, eventually, useSharedProduct } from '../src/admin-session.js';
import { VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

// The back office's charts (decisions 0096, 0152) on the suite's product: a membership paid today draws the Payments
// page's revenue, read by keyboard and as a table; a period with nothing in it says why it is empty.
const product = useSharedProduct();
let token: string;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

beforeAll(async () => {
  const base = product.base();
  await subscriber({ name: 'Tara Nair', base, profile: { firstname: 'Tara', lastname: 'Nair', pincode: '403001' } });
  token = await adminToken(base);
  const today = todayInIndia();
  await eventually('the membership payment reaching the charts', async () => {
    const { body } = await adminCall(base, token, `/admin/charts/payments?startDate=${today}&endDate=${today}`);
    return body.data?.charts?.[0]?.points?.[0]?.values?.[0] > 0 ? true : undefined;
  });
});

describe('the back office charts', () => {
  it.each([
    ['a phone', VIEWPORTS.phone],
    ['a computer', VIEWPORTS.desktop],
  ])('draws the revenue over time on %s, read by keyboard and as a table', async (_, viewport) => {
    const { page, pageErrors } = await product.open('/admin/payments', { session: { adminToken: token }, viewport });
    await heading(page, 'Payments');
    const revenue = page.getByRole('region', { name: 'Revenue net of refunds', exact: true });
    await revenue.locator('canvas').first().waitFor();
    const slider = revenue.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('End');
    const today = formatIndianDay(todayInIndia());
    // The last day, today, with the same day of the 30 before beside it.
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toMatch(new RegExp(`^${today}: Revenue ₹[1-9][\\d,]*; \\d\\d/`));
    await revenue.getByText(new RegExp(`^${today}: Revenue`)).waitFor();
    await revenue.getByRole('button', { name: 'View as table' }).click();
    const row = revenue.getByRole('table').getByRole('row').filter({ hasText: today });
    await row
      .getByText(/^₹[1-9][\d,]*$/)
      .first()
      .waitFor();
    expect(await widerThanWindow(page), `at ${viewport.width} px`).toEqual([]);
    expect(await seriousViolations(page), `at ${viewport.width} px`).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('says why a chart has nothing to draw', async () => {
    const { page, pageErrors } = await product.open('/admin/users', { session: { adminToken: token }, viewport: VIEWPORTS.phone });
    await heading(page, 'User Management');
    const period = page.getByRole('region', { name: 'Chart period' });
    await period.getByLabel('Charts from').fill('01/01/2001');
    await period.getByLabel('Charts to').fill('31/01/2001');
    await page
      .getByRole('region', { name: 'Sign-ups', exact: true })
      .getByText('No one signed up between 01/01/2001 and 31/01/2001, nor in the period before (01/12/2000 to 31/12/2000)')
      .waitFor();
    await page
      .getByRole('region', { name: 'Memberships', exact: true })
      .getByText(/there is nothing to draw/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
