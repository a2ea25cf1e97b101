import { COPYRIGHT_YEAR } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { signUp } from '../src/members.js';

const browser = useBrowser();

/** The selected tab lies wholly inside the visible part of its (sideways scrolling) strip, and of the window. */
async function selectedTabInView(page: Page): Promise<{ tab: string; inView: boolean }> {
  const tab = page.getByRole('tab', { selected: true });
  const strip = await page.getByRole('tablist').boundingBox();
  const box = await tab.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!strip || !box) throw new Error('no tab strip on the page');
  const inside = (left: number, right: number) => box.x >= left - 0.5 && box.x + box.width <= right + 0.5;
  return { tab: (await tab.textContent())?.trim() ?? '', inView: inside(strip.x, strip.x + strip.width) && inside(0, width) };
}

describe('/privacy opened on a tab', () => {
  for (const [hash, name] of [
    ['#faqs', 'FAQs'],
    ['#contact', 'Contact'],
  ] as const) {
    it(`shows the ${name} tab it was opened on, on a phone`, async () => {
      const { page, pageErrors } = await browser.open(`/privacy${hash}`, { viewport: VIEWPORTS.phone });
      await expectHeading(page, 'Policies');
      await page.getByRole('tab', { name, selected: true }).waitFor();
      expect(await selectedTabInView(page)).toEqual({ tab: name, inView: true });
      // The page itself is not scrolled down to the strip: only the strip moved.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    });
  }

  it('keeps the tab chosen by arrow keys in view, and fits a desktop window', async () => {
    const { page } = await browser.open('/privacy#contact', { viewport: VIEWPORTS.phone });
    await page.getByRole('tab', { name: 'Contact', selected: true }).focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await selectedTabInView(page)).tab).toBe('Privacy');
    expect((await selectedTabInView(page)).inView).toBe(true);
    await page.close();

    const desktop = await browser.open('/privacy#faqs', { viewport: VIEWPORTS.desktop });
    expect(await selectedTabInView(desktop.page)).toEqual({ tab: 'FAQs', inView: true });
    expect(await widerThanWindow(desktop.page)).toEqual([]);
    expect(await seriousViolations(desktop.page)).toEqual([]);
    await desktop.page.close();
  });
});

describe('the footers', () => {
  // The welcome screen's footer is the social handle alone (spec section 2); onboarding's has no handle.
  const PAGES = [
    { path: '/', heading: 'Never pay retail again.', copyright: true, social: true },
    { path: '/about', heading: 'About Us', copyright: true, social: true },
    { path: '/privacy', heading: 'Policies', copyright: true, social: true },
    { path: '/welcome', heading: 'Coming soon', copyright: false, social: true },
    { path: '/profile', heading: undefined, copyright: true, social: true, member: true },
    { path: '/personalDetails', heading: "Let's get started", copyright: true, social: false, member: true },
  ];

  // One test per page, so a slow page load on a busy machine spends its own time, not the whole walk's.
  let member: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    member = await signUp({ name: 'Nisha Rao' });
  });

  it.each(PAGES.map((page) => [page.path, page] as const))(
    `%s: a footer with a copyright line names ${COPYRIGHT_YEAR} alone, and the social handle links to its profile`,
    async (path, { heading, copyright, social, member: signedIn }) => {
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
        const { page, pageErrors } = await browser.open(path, { viewport, ...(signedIn ? { session: member.session } : {}) });
        if (heading) await expectHeading(page, heading);
        const footer = page.getByRole('contentinfo');
        await footer.waitFor();
        const text = (await footer.textContent()) ?? '';
        const years = [...text.matchAll(/©\s*(\d{4})/g)].map((match) => match[1]);
        if (copyright) expect(years, `${path}: the footer's copyright years`).toEqual([String(COPYRIGHT_YEAR)]);
        else expect(years, `${path}: a footer without a copyright line`).toEqual([]);
        if (social) {
          const handle = footer.getByRole('link', { name: /@eltsclub/ });
          expect(await handle.getAttribute('href'), path).toBe('https://www.instagram.com/eltsclub/');
          expect(await handle.getAttribute('target')).toBe('_blank');
          expect(await handle.getAttribute('rel')).toContain('noopener');
        }
        expect(await widerThanWindow(page), `${path} at ${viewport.width} px`).toEqual([]);
        expect(await seriousViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
        expect(pageErrors).toEqual([]);
        await page.close();
      }
    },
  );
});
