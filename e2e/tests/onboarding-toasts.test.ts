import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { screenshot } from '../src/artifacts.js';
import { expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { onboardThrough } from '../src/dev-sign-in.js';
import { widerThanWindow } from '../src/layout.js';
import { signUp } from '../src/members.js';

// Toasts belong to the page that raised them (docs/decisions/0109): leaving the page dismisses them, a new error
// replaces the one before it, and the button that raised a toast is never left under it.
const browser = useBrowser();

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' }).locator(':scope > *');

/** Where an element is on the screen now (after a toast's entrance has finished). */
async function boxOf(page: Page, locator: Locator) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not on the screen');
  return box;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('onboarding messages', () => {
  it("dismisses a step's messages when the member moves on to the next step", async () => {
    const member = await signUp({ name: 'Meera Nair' });
    await onboardThrough(member, 1);
    const { page, pageErrors } = await browser.open('/spendType', { session: member.session });
    await expectHeading(page, 'Few more details!');
    await next(page).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Please select a subscription type before submitting.' });
    await refusal.waitFor();

    // Chosen, and saved: the toast is about step 02 and has no business on step 03 (it would linger 6 s).
    await page.getByText('I want to save money on every product purchase').click();
    await next(page).click();
    await page.waitForURL((url) => url.pathname === '/myLists');
    await expectHeading(page, 'My Lists');
    expect(await refusal.count()).toBe(0);
    expect(await toasts(page).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('keeps the notice meant for the next page: the skipped shipping step is still said on /profile', async () => {
    const member = await signUp({ name: 'Kabir Sen' });
    await onboardThrough(member, 3);
    const { page } = await browser.open('/shippingInfo', { session: member.session });
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('alert').filter({ hasText: 'Pin code is required.' }).waitFor();
    await page.getByRole('textbox', { name: 'Pin code', exact: true }).fill('560001');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('alert').filter({ hasText: 'You have skipped the shipping information.' }).waitFor();
    // Step 04's own refusal went with step 04.
    expect(await page.getByRole('alert').filter({ hasText: 'Pin code is required.' }).count()).toBe(0);
    await page.close();
  });

  it('shows one error at a time on a phone, and never over the Next button that raised it', async () => {
    const member = await signUp({ name: 'Tara Iyer' });
    const { page, pageErrors } = await browser.open('/personalDetails', { session: member.session, viewport: VIEWPORTS.phone });
    await expectHeading(page, "Let's get started");
    // The Next button at the very bottom of the screen, where a toast appears. Pressed from the keyboard: a click
    // through Playwright would itself scroll a covered button clear before pressing it.
    await next(page).evaluate((button) => button.scrollIntoView({ block: 'end' }));
    for (let press = 0; press < 3; press++) await next(page).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'All fields are required. Please fill out all fields.' }).waitFor();
    expect(await toasts(page).count()).toBe(1);
    expect(overlap(await boxOf(page, toasts(page).first()), await boxOf(page, next(page)))).toBe(false);
    await screenshot(page, 'onboarding-toast', VIEWPORTS.phone);

    // A different error replaces the one shown.
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('female');
    await page.getByLabel(/^Birthday/).fill('12/03/1994');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('12345');
    await next(page).evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await next(page).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Mobile must be a 10-digit Indian mobile number' }).waitFor();
    expect(await toasts(page).count()).toBe(1);
    expect(overlap(await boxOf(page, toasts(page).first()), await boxOf(page, next(page)))).toBe(false);
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('fits a desktop window with a toast showing, and adds no band under the footer', async () => {
    const member = await signUp({ name: 'Ira Das' });
    const { page } = await browser.open('/personalDetails', { session: member.session, viewport: VIEWPORTS.desktop });
    await expectHeading(page, "Let's get started");
    const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
    // The heading shows while the profile loads ('Loading your details...'): measured before the form is drawn, the
    // page is a screen tall and the form alone makes it taller.
    await next(page).waitFor();
    const before = await pageHeight();
    await next(page).click();
    await page.getByRole('alert').filter({ hasText: 'All fields are required. Please fill out all fields.' }).waitFor();
    expect(overlap(await boxOf(page, toasts(page).first()), await boxOf(page, next(page)))).toBe(false);
    // Issue 34: every toast made the page 110 px taller, a blank band under the footer.
    expect(await pageHeight()).toBe(before);
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it.each([
    ['a 390 px phone', VIEWPORTS.phone],
    ['a 1366 px laptop', VIEWPORTS.desktop],
  ])('leaves Skip and Submit of the shipping step clear of its error on %s', async (_, viewport) => {
    const member = await signUp({ name: 'Dev Malhotra' });
    await onboardThrough(member, 3);
    const { page } = await browser.open('/shippingInfo', { session: member.session, viewport });
    const [skip, submit] = [page.getByRole('button', { name: 'Skip' }), page.getByRole('button', { name: 'Submit' })];
    for (const pressed of [submit, skip]) {
      // At the foot of the screen, where the toast appears; pressed from the keyboard, as above.
      await pressed.evaluate((button) => button.scrollIntoView({ block: 'end' }));
      await pressed.press('Enter');
      await page.getByRole('alert').first().waitFor();
      const toast = await boxOf(page, toasts(page).first());
      for (const button of [skip, submit]) expect(overlap(toast, await boxOf(page, button)), `${await button.textContent()}`).toBe(false);
    }
    await page.close();
  });
});
