import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { expectHeading, resourcesLoaded, useBrowser, VIEWPORTS } from '../src/browser.js';

const browser = useBrowser();
const SESSION = { token: 'stored-session-token', email: 'asha@example.in' };

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const pageBottom = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

describe('the scroll button', () => {
  it('takes the reader to the bottom, then back to the top, changing its arrow', async () => {
    const { page } = await browser.open('/', { viewport: VIEWPORTS.phone });
    const down = page.getByRole('button', { name: 'Scroll to bottom' });
    await down.click();
    await expect.poll(async () => (await pageBottom(page)) - (await scrollY(page))).toBeLessThan(2);
    const up = page.getByRole('button', { name: 'Scroll to top' });
    await up.waitFor();
    expect(await down.count()).toBe(0);
    await up.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.getByRole('button', { name: 'Scroll to bottom' }).waitFor();
    await page.close();
  });
});

/** The landing page with a stored session, after a login button has opened the 'Use existing email?' modal. */
async function openExistingEmailModal(button: string) {
  const { page } = await browser.open('/', { session: SESSION });
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Use existing email?' });
  await dialog.waitFor();
  return { page, dialog };
}

/** What a click opens: the identity provider's sign-in popup (the development provider here). */
async function expectProviderPopup(page: Page, click: () => Promise<unknown>) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()]);
  await popup.waitForURL((url) => url.pathname === '/dev/idp');
  await popup.close();
}

describe('signing in from the landing page', () => {
  it('goes straight to the identity provider when no session is stored', async () => {
    const { page } = await browser.open('/');
    await expectProviderPopup(page, () => page.getByRole('button', { name: 'Join our community' }).click());
    await page.close();
  });

  it("asks 'Use existing email?' when a token and email are stored, and the close icon dismisses it", async () => {
    const { page, dialog } = await openExistingEmailModal('Already a member? login');
    expect(await dialog.textContent()).toContain('Do you want to use the email asha@example.in to log in?');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('keeps keyboard focus inside the modal and closes it with Esc', async () => {
    const { page, dialog } = await openExistingEmailModal('Join our community');
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  it("'Use Different Email' starts sign-in with the provider afresh", async () => {
    const { page } = await openExistingEmailModal('Join our community');
    await expectProviderPopup(page, () => page.getByRole('button', { name: 'Use Different Email' }).click());
    await page.close();
  });

  it("'Use Same Email' fetches the profile with the stored token, and signs in afresh when it is refused", async () => {
    const { page } = await openExistingEmailModal('Join our community');
    const profileRequest = page.waitForRequest((request) => request.url().endsWith('/user/get-profile'));
    await expectProviderPopup(page, () => page.getByRole('button', { name: 'Use Same Email' }).click());
    const request = await profileRequest;
    expect(request.method()).toBe('POST');
    expect(request.headers().authorization).toBe(SESSION.token);
    await page.close();
  });
});

describe('links that carry navigation state', () => {
  it("'See the Wall of ELTS' opens the wall, and the /elts menu switches to the merch page", async () => {
    const { page } = await browser.open('/');
    await page.getByRole('link', { name: 'See the Wall of ELTS' }).click();
    await page.waitForURL(/\/elts$/);
    await expectHeading(page, 'Wall of ELTS');
    await page.getByRole('navigation', { name: 'Wall of ELTS menu' }).getByRole('link', { name: 'Merch' }).click();
    await expectHeading(page, 'Merch');
    expect(await page.getByRole('button', { name: 'Sign up' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("the about page's Merch link opens /elts on the merch page", async () => {
    const { page } = await browser.open('/about');
    await page.getByRole('link', { name: 'Merch', exact: true }).click();
    await page.waitForURL(/\/elts$/);
    await expectHeading(page, 'Merch');
    await page.close();
  });
});

describe('the first paint', () => {
  it('preloads the web font the page then uses, so text laid out before it arrives does not reflow', async () => {
    const { page } = await browser.open('/', { viewport: VIEWPORTS.phone });
    await expectHeading(page, 'Never pay retail again.');
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((link) => link.href),
    );
    expect(preloaded).toHaveLength(1);
    await page.evaluate(() => document.fonts.ready);
    const fontsFetched = await resourcesLoaded(page, '.woff2');
    expect(fontsFetched).toContain(preloaded[0]);
    // Fetched once: the preload's request is the one the style sheet's @font-face uses (same URL, same CORS mode).
    expect(fontsFetched.filter((name) => name === preloaded[0])).toHaveLength(1);
    await page.close();
  });
});

describe('the Wall of ELTS card', () => {
  it.each([
    ['a 390 px phone', VIEWPORTS.phone],
    ['a 1366 px laptop', VIEWPORTS.desktop],
  ])('shows its words over its decorative circle, not under it, on %s', async (_, viewport) => {
    const { page } = await browser.open('/', { viewport });
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: /^The first .* members$/ }) });
    await card.scrollIntoViewIfNeeded();
    // Issue 34: the circle was painted over the card's text and tinted it. Every point of each line of text must
    // belong to the text, whatever lies under it.
    const covered = await card.evaluate((article) => {
      const hidden: string[] = [];
      for (const text of article.querySelectorAll('p, h2, a')) {
        for (const rect of text.getClientRects()) {
          for (const x of [rect.left + 2, (rect.left + rect.right) / 2, rect.right - 2]) {
            const top = document.elementFromPoint(x, (rect.top + rect.bottom) / 2);
            if (top && !text.contains(top)) hidden.push(`${text.textContent?.slice(0, 20)} at ${Math.round(x)}`);
          }
        }
      }
      return hidden;
    });
    expect(covered).toEqual([]);
    await page.close();
  });
});
