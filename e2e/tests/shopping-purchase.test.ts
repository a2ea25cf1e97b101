import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { createProduct, waitForBoard } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();

const timerOf = (page: Page, name: string) =>
  page
    .getByRole('listitem', { name })
    .getByText(/^Sale ends in \d+d \d+h \d+m \d+s$/)
    .textContent();

// The promise end to end: a subscriber finds a deal picked from their Need list, buys it through the payment
// simulator with their membership credit, lands on 'Order Confirmed!' and finds the order in their history.
describe('buying a deal', () => {
  it('goes from the deals board through the simulator to Order Confirmed! and the order history', async () => {
    const product = await createProduct({ stock: 3, price: 1499, amazonPrice: 2499 });
    const member = await subscriber({ profile: { needList: [product.name, 'Running shoes', 'Pressure cooker'] } });
    await waitForBoard(member.token, [product.id]);

    const { page, pageErrors } = await browser.open('/profile', { session: member.session });
    const card = page.getByRole('listitem', { name: product.name });
    await card.waitFor();
    const cardText = await card.textContent();
    expect(cardText).toContain('₹1,499.00');
    expect(cardText).toContain('₹2,499.00');
    expect(cardText).toContain('40% off');
    expect(cardText).toContain('Only 3 left!');
    expect(cardText).toContain(`Matches your Need list: '${product.name}'`);
    // The clock ticks every second.
    const before = await timerOf(page, product.name);
    await page.waitForFunction(
      ([name, shown]) => {
        const item = [...document.querySelectorAll('li')].find((li) => li.getAttribute('aria-label') === name);
        const timer = [...(item?.querySelectorAll('p') ?? [])].find((p) => p.textContent?.startsWith('Sale ends in'));
        return timer !== undefined && timer.textContent !== shown;
      },
      [product.name, before] as const,
    );

    await screenshot(page, 'shopping-deals-board', VIEWPORTS.desktop);
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: product.name });
    await details.getByRole('heading', { name: 'Highlights' }).waitFor();
    expect(await details.textContent()).toContain('Boils a litre in four minutes.');
    await details.getByRole('button', { name: 'Buy Now' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm Your Order' });
    await confirm.waitFor();
    expect(await confirm.getByLabel('Full Name').inputValue()).toBe('Asha Rao');
    expect(await confirm.getByLabel('Phone').inputValue()).toBe('9876543210');
    expect(await confirm.getByLabel('Address').inputValue()).toBe('12 MG Road, Panaji');
    expect(await confirm.getByLabel('Pincode').inputValue()).toBe('403001');
    // City and state come from the courier's answer for the pincode.
    await page.waitForFunction(() => (document.querySelector('dialog[open] select') as HTMLSelectElement | null)?.value === 'Goa');
    expect(await confirm.getByLabel('City').inputValue()).not.toBe('');
    // Membership credit pays 10% of the price: ₹149.90 of ₹1,499.00 (the balance arrives with its own call).
    await confirm.getByText('− ₹149.90').waitFor();
    expect(await confirm.textContent()).toMatch(/You pay\s*₹1,349\.10/);
    await screenshot(page, 'shopping-confirm-order', VIEWPORTS.desktop);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirm Order' }).click();
    await page.waitForURL(/\/pay\/simulator\/sessions\//);
    await page.getByRole('button', { name: 'Pay ₹1,349.10' }).click();

    await page.waitForURL((url) => url.pathname === '/order');
    await expectHeading(page, 'Order Status');
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const confirmed = await page.locator('main').textContent();
    expect(confirmed).toContain(product.name);
    expect(confirmed).toContain('₹1,349.10');
    expect(confirmed).toContain("What's Next");
    const orderId = /ORD-[0-9A-F]{12}/.exec(confirmed ?? '')?.[0];
    expect(orderId).toBeDefined();
    expect(confirmed).toContain('12 MG Road, Panaji, North Goa, Goa, 403001');

    await screenshot(page, 'shopping-order-confirmed', VIEWPORTS.desktop);
    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('section') === 'orders');
    const order = page.getByRole('listitem', { name: `Order ${orderId}` });
    await order.waitFor();
    const orderText = await order.textContent();
    // The card names the order's stage in its tracker's words (decision 0075): paid, not yet processed.
    expect(orderText).toContain('Paid');
    expect(orderText).toContain(product.name);
    expect(orderText).toContain('₹1,349.10');
    expect(orderText).toContain('Asha Rao, North Goa');
    await screenshot(page, 'shopping-order-history', VIEWPORTS.desktop);
    expect(pageErrors).toEqual([]);

    // The board now counts the unit sold.
    await page.goto(new URL('/profile', page.url()).toString());
    await page.getByRole('listitem', { name: product.name }).getByText('Only 2 left!').waitFor();
  });
});
