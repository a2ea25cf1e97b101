import { COPY } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { SCHEMA_LIBRARY_MARK, scriptsCarrying, useBrowser } from '../src/browser.js';

const browser = useBrowser();

const selectedTab = async (page: import('playwright-core').Page) => (await page.getByRole('tab', { selected: true }).textContent())?.trim();
const panelHeading = async (page: import('playwright-core').Page) =>
  (await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().textContent())?.trim();

describe('policy tabs', () => {
  it('opens the tab the URL hash names', async () => {
    for (const [hash, tab, heading] of [
      ['', 'Privacy', 'Privacy Policy'],
      ['#terms', 'Terms', 'Terms and Conditions'],
      ['#exchange', 'Exchange', 'Exchange and Refund Policy'],
      ['#shipping', 'Shipping', 'Shipping Policy'],
      ['#faqs', 'FAQs', 'Frequently Asked Questions'],
      ['#contact', 'Contact', 'Contact Us'],
    ]) {
      const { page } = await browser.open(`/privacy${hash}`);
      expect(await selectedTab(page)).toBe(tab);
      expect(await panelHeading(page)).toBe(heading);
      await page.close();
    }
  });

  it('puts the chosen tab in the hash, by click and by arrow keys', async () => {
    const { page } = await browser.open('/privacy');
    await page.getByRole('tab', { name: 'FAQs' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#faqs');
    await expect.poll(() => panelHeading(page)).toBe('Frequently Asked Questions');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).hash).toBe('#contact');
    await expect.poll(() => selectedTab(page)).toBe('Contact');
    await page.keyboard.press('Home');
    await expect.poll(() => new URL(page.url()).hash).toBe('#privacy');
    await page.close();
  });

  it('states the facts the spec requires', async () => {
    const { page } = await browser.open('/privacy#privacy');
    const privacy = await page.getByRole('tabpanel').textContent();
    expect(privacy).toContain('01.02.2025');
    expect(privacy).toContain('not intended for children under 13');
    expect(privacy).toContain('name, shipping address, phone number and pincode');
    expect(privacy).toContain('right to erasure');
    await page.getByRole('tab', { name: 'Terms' }).click();
    await expect.poll(() => panelHeading(page)).toBe('Terms and Conditions');
    const terms = await page.getByRole('tabpanel').textContent();
    expect(terms).toContain('governed by the laws of India');
    expect(terms).toContain('courts of Goa');
    expect(terms).toContain('amounts you paid us in the 30 days');
    // The spec: 'exchange/refund rules in section 9' of the terms.
    expect(terms).toMatch(/9\. Exchanges and refunds\s*Exchange requests are accepted within 7 days of delivery/);
    expect(terms).toContain('out of stock, you are refunded within 15 days, as a fund transfer or as credits');
    await page.getByRole('tab', { name: 'Exchange' }).click();
    await expect.poll(() => panelHeading(page)).toBe('Exchange and Refund Policy');
    const exchange = await page.getByRole('tabpanel').textContent();
    expect(exchange).toContain('within 7 days of delivery');
    expect(exchange).toContain('replacement ships within 15 days');
    expect(exchange).toContain('refund you within 15 days');
    await page.close();
  });
});

describe('what the policies page loads', () => {
  it("loads the contact form's code, schema library and all, only when its tab is opened", async () => {
    const { page } = await browser.open('/privacy');
    await expect.poll(() => panelHeading(page)).toBe('Privacy Policy');
    expect(await scriptsCarrying(page, SCHEMA_LIBRARY_MARK)).toEqual([]);
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect.poll(() => panelHeading(page)).toBe('Contact Us');
    expect(await scriptsCarrying(page, SCHEMA_LIBRARY_MARK)).toHaveLength(1);
    await page.close();
  });
});

describe('the contact form', () => {
  const fill = async (page: import('playwright-core').Page, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
  };

  it('says what is missing, and focuses the first field to fix', async () => {
    const { page } = await browser.open('/privacy#contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('First name is required').waitFor();
    const form = page.locator('form');
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone is required',
      'Please choose what you are writing about',
      'Message is required',
    ]) {
      expect(await form.textContent()).toContain(message);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    await fill(page, { 'First name': 'Asha', 'Last name': 'Rao', Email: 'not-an-email', Phone: '98765 43210', Message: 'Hello' });
    await page.getByLabel("I'm writing about").selectOption('campus');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Email must be a valid email address').waitFor();
    expect(await form.textContent()).not.toContain('First name is required');
    await page.close();
  });

  it('sends the message to the API, thanks the visitor and clears the form', async () => {
    const { page } = await browser.open('/privacy#contact');
    await fill(page, {
      'First name': 'Asha',
      'Last name': 'Rao',
      Email: 'asha@example.in',
      Phone: '+91 98765 43210',
      Message: 'We would like to partner.',
    });
    await page.getByLabel("I'm writing about").selectOption('brand');
    const answer = page.waitForResponse((response) => response.url().endsWith('/user/contact'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(201);
    await page.getByText(COPY.contact.success).waitFor();
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Message'])
      expect(await page.getByLabel(label).inputValue()).toBe('');
    expect(await page.getByLabel("I'm writing about").inputValue()).toBe('');
    await page.close();
  });

  it('shows the failure message when the API cannot take the message', async () => {
    const { page } = await browser.open('/privacy#contact');
    await page.route('**/user/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"is_success":false,"message":"down"}' }),
    );
    await fill(page, { 'First name': 'Asha', 'Last name': 'Rao', Email: 'asha@example.in', Phone: '+91 98765 43210', Message: 'Hello' });
    await page.getByLabel("I'm writing about").selectOption('query');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').getByText(COPY.contact.failure).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Asha');
    await page.close();
  });
});
