import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { screenshot } from '../src/artifacts.js';
import { expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';

/**
 * Every public page of the route table, plus what an unknown path shows. The merch page is /elts opened by a link
 * that carries merch=true in its navigation state, so it is reached by that link.
 */
const PAGES: Array<{ name: string; path: string; heading: string; status: number; link?: string }> = [
  { name: 'landing', path: '/', heading: 'Never pay retail again.', status: 200 },
  { name: 'about', path: '/about', heading: 'About Us', status: 200 },
  { name: 'policies', path: '/privacy', heading: 'Policies', status: 200 },
  { name: 'wall-of-elts', path: '/elts', heading: 'Wall of ELTS', status: 200 },
  { name: 'merch', path: '/about', link: 'Merch', heading: 'Merch', status: 200 },
  { name: 'welcome', path: '/welcome', heading: 'Coming soon', status: 200 },
  { name: 'banner', path: '/banner', heading: 'Be one of the first 10,000', status: 200 },
  { name: 'not-found', path: '/no-such-page', heading: 'Page not found', status: 404 },
];

const browser = useBrowser();

for (const viewport of Object.values(VIEWPORTS)) {
  describe(`public pages at ${viewport.width}×${viewport.height}`, () => {
    for (const { name, path, heading, status, link } of PAGES) {
      it(`${name} shows '${heading}', passes axe-core and runs under the CSP`, async () => {
        const { page, response, cspViolations, pageErrors } = await browser.open(path, { viewport });
        expect(response?.status()).toBe(status);
        // The page is served under the product's real policy, so the check below means something.
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
        if (link) await page.getByRole('link', { name: link, exact: true }).click();
        await expectHeading(page, heading);
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, name, viewport);
        expect(cspViolations).toEqual([]);
        expect(pageErrors).toEqual([]);
        await page.close();
      });
    }
  });
}

describe('/welcome', () => {
  it('opens with the welcome modal, Close dismisses it, and its WhatsApp link carries the promotion and the site', async () => {
    const { page } = await browser.open('/welcome', { viewport: VIEWPORTS.phone });
    await expectHeading(page, 'Coming soon');
    const modal = page.getByRole('dialog', { name: 'Welcome to ELTS Club!' });
    await modal.waitFor();
    const href = await modal.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    expect(href?.startsWith('https://wa.me/')).toBe(true);
    const text = new URL(href ?? '').searchParams.get('text');
    expect(text).toContain('I just joined ELTS Club, a members-only deals community where members never pay retail price. Join me:');
    expect(text).toContain(`${new URL(page.url()).origin}/`);
    // The last of the two Close buttons is the one at the modal's foot (the first is its close icon).
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
