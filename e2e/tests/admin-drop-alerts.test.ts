import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, useSharedProduct } from '../src/admin-session.js';
import { VIEWPORTS } from '../src/browser.js';
import { fitsAndReads } from '../src/fits-and-reads.js';

// A drop's alert figures for operators (issue 37 item 5, decision 0164): the Alerts button beside a drop's Sales opens
// its figures by channel and WhatsApp's estimated cost, read from identity.
const product = useSharedProduct();
const HOUR = 3_600_000;
const label = `Alerts${randomUUID().slice(0, 5)} drop`;
let token: string;

const rowOf = (page: Page, text: string) => page.getByRole('region', { name: 'Deal drops' }).getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  const base = product.base();
  token = await adminToken(base);
  await adminCall(base, token, '/admin/drops', {
    body: { opensAt: new Date(Date.now() + 70 * HOUR).toISOString(), closesAt: new Date(Date.now() + 80 * HOUR).toISOString(), label },
  });
});

describe("a drop's alerts in the back office", () => {
  it('shows each channel and the WhatsApp cost at 1366 and 390 px, and closes again', async () => {
    const { page, pageErrors } = await product.open('/admin/products', { session: { adminToken: token }, viewport: VIEWPORTS.desktop });
    await page.getByRole('heading', { level: 1, name: 'Product Catalog', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Deal Drops' }).click();
    const alerts = rowOf(page, label).getByRole('button', { name: /^Alerts of the drop opening / });
    await alerts.click();
    expect(await alerts.getAttribute('aria-pressed')).toBe('true');
    const card = page.getByRole('region', { name: new RegExp(`^Alerts of ${label} opening `) });
    const table = card.getByRole('table', { name: 'Drop alerts by channel' });
    await table.waitFor();
    for (const channel of ['Email', 'In-app inbox', 'Push notifications', 'WhatsApp'])
      await table.getByRole('row').filter({ hasText: channel }).waitFor();
    // No message yet: naughts, and "Not reported" where the channel does not report it.
    const whatsapp = table.getByRole('row').filter({ hasText: 'WhatsApp' });
    // Each cell also carries its column's name for the phone layout: the figure ends it.
    const cells = await whatsapp.locator('td, th').allTextContents();
    expect(cells).toEqual(
      ['WhatsApp', '0', '0', 'Not reported', 'Not reported', '0'].map((text) => expect.stringMatching(new RegExp(`${text}$`))),
    );
    await card.getByText(/^This drop on WhatsApp: ₹0\.00 \(estimated\)$/).waitFor();
    await card.getByText(/^Priced at ₹0\.8631 a marketing and ₹0\.115 a utility message delivered/).waitFor();
    await fitsAndReads(page, [VIEWPORTS.desktop, VIEWPORTS.phone]);
    await alerts.click();
    await card.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
