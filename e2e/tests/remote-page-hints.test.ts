import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, type OpenOptions, useBrowser, VIEWPORTS } from '../src/browser.js';
import { subscriber } from '../src/members.js';

/**
 * A member's or an operator's page names, in its HTML, what its remote screen will load (docs/decisions/0108), so
 * those files download with the page. A hint the page does not use, or one the browser cannot match to the request
 * the page later makes (a different mode, a different address), would download the file twice: these tests hold
 * every hinted file to one request, and the screen to drawing.
 */
const browser = useBrowser();

/** Opens `path`, counting every request the tab makes from the start. */
async function openCounting(path: string, options: OpenOptions = {}) {
  const requests = new Map<string, number>();
  const prepare = async (page: Page) => {
    page.on('request', (request) => requests.set(request.url(), (requests.get(request.url()) ?? 0) + 1));
  };
  const opened = await browser.open(path, { ...options, prepare, viewport: VIEWPORTS.phone });
  return { ...opened, requests };
}

/** The addresses the page's HTML asks the browser to preload, absolute. */
async function hinted(page: Page, html: string): Promise<string[]> {
  const hrefs = [...html.matchAll(/<link rel="preload" as="(?:script|style|fetch)"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? '');
  return page.evaluate((list) => list.map((href) => new URL(href, location.href).href), hrefs);
}

describe("the pages of the remotes' routes", () => {
  it('/profile names the remote loader, the manifest, the shop entry and its screen, and loads each once', async () => {
    const member = await subscriber({ name: 'Meera Iyer' });
    const { page, response, requests, pageErrors } = await openCounting('/profile', { session: member.session });
    await expectHeading(page, 'Dealsboard');
    await page.getByRole('heading', { name: 'Deals picked for you' }).waitFor();
    const hrefs = await hinted(page, (await response?.text()) ?? '');
    const paths = hrefs.map((href) => new URL(href).pathname);
    expect(paths).toContain('/remotes.json');
    expect(paths).toContain('/remotes/shop/remoteEntry.js');
    expect(paths.some((path) => /^\/remote-screen\.[0-9a-f]{8}\.js$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/remotes\/shop\/MemberScreens\.[0-9a-f]{8}\.js$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/remotes\/shop\/MemberScreens\.[0-9a-f]{8}\.css$/.test(path))).toBe(true);
    for (const href of hrefs) expect(requests.get(href), href).toBe(1);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("/admin/login names the admin remote's files, and loads each once", async () => {
    const { page, response, requests, pageErrors } = await openCounting('/admin/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const hrefs = await hinted(page, (await response?.text()) ?? '');
    expect(hrefs.map((href) => new URL(href).pathname)).toContain('/remotes/admin/remoteEntry.js');
    expect(hrefs.some((href) => /\/remotes\/admin\/AdminApp\.[0-9a-f]{8}\.js$/.test(href))).toBe(true);
    for (const href of hrefs) expect(requests.get(href), href).toBe(1);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('the landing page names none of them', async () => {
    const { page, response } = await openCounting('/');
    expect(await hinted(page, (await response?.text()) ?? '')).toEqual([]);
    await page.close();
  });
});
