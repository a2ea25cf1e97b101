import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';

/**
 * The landing, about and policies pages arrive rendered (docs/decisions/0107): the HTML holds the page, and the
 * shell's script adopts that markup (hydration) instead of drawing the page again. A mismatch between the build's
 * render and the browser's would make React throw the markup away and draw afresh, which these tests would see as
 * the root's children being removed.
 */
const PAGES = [
  // `markup`: the start of the page's heading as the HTML holds it (the landing's ends in a span).
  { path: '/', markup: '>Never pay retail ', title: 'ELTS Club', link: 'About Us', next: 'About Us' },
  { path: '/about', markup: '>About Us', title: 'About Us · ELTS Club', link: 'Policies', next: 'Policies' },
  { path: '/privacy', markup: '>Policies', title: 'Policies · ELTS Club', link: 'About Us', next: 'About Us' },
];

const browser = useBrowser();

/** Counts, from before the HTML is parsed, every child the page's root element loses (a new page replaces the old). */
async function watchRootRemovals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removals = { count: 0 };
    (window as unknown as { rootRemovals: typeof removals }).rootRemovals = removals;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if ((mutation.target as Element).id === 'root') removals.count += mutation.removedNodes.length;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const rootRemovals = (page: Page) => page.evaluate(() => (window as unknown as { rootRemovals: { count: number } }).rootRemovals.count);

describe('pages rendered at build time', () => {
  for (const { path, markup, title, link, next } of PAGES) {
    it(`${path} arrives with its heading and title in the HTML, and the script adopts it without drawing it again`, async () => {
      const { page, response, pageErrors } = await browser.open(path, { viewport: VIEWPORTS.desktop, prepare: watchRootRemovals });
      const html = (await response?.text()) ?? '';
      expect(html).toContain(`data-prerendered="${path}"`);
      expect(html).toContain(markup);
      expect(html).toContain(`<title>${title}</title>`);
      // Opened once the app has adopted the page (appStarted): it took the markup as it was, and the header's link is
      // now a link of the app, which moves to the next page without loading a new document.
      expect(await rootRemovals(page)).toBe(0);
      await page.evaluate(() => {
        (window as unknown as { samePage: boolean }).samePage = true;
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
      await expectHeading(page, next);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(await page.title()).toBe(`${next} · ELTS Club`);
      expect(pageErrors).toEqual([]);
      await page.close();
    });
  }

  it('leaves the reader where they scrolled before the app adopted the page', async () => {
    const { page, pageErrors } = await browser.open('/', {
      viewport: VIEWPORTS.phone,
      prepare: async (tab) => {
        // The app's main script arrives a second late, and the reader scrolls meanwhile.
        await tab.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await route.continue();
        });
        tab.once('load', () => void tab.evaluate(() => window.scrollTo(0, 600)));
      },
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('draws /privacy afresh when its hash names another tab than the one the build rendered', async () => {
    const { page, pageErrors } = await browser.open('/privacy#faqs', { viewport: VIEWPORTS.phone });
    await expectHeading(page, 'Policies');
    await page.getByRole('tab', { name: 'FAQs', selected: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
