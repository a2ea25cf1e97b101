import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Chromium, launchChromium } from './chromium.js';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;
export type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];

export interface OpenOptions {
  viewport?: Viewport;
  /** A member session already in the tab's session storage, as sign-in leaves it. */
  session?: Record<string, string>;
  /** Runs on the new tab before it navigates (to intercept requests, for instance). */
  prepare?: (page: Page) => Promise<unknown>;
}

export interface OpenedPage {
  page: Page;
  response: Response | null;
  /** Console reports of anything the Content-Security-Policy blocked. */
  cspViolations: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
}

export function baseURL(): string {
  return inject('baseURL');
}

/** One browser for a test file (a fresh profile), and a fresh tab per page opened. */
export function useBrowser(): { open(path: string, options?: OpenOptions): Promise<OpenedPage> } {
  let browser: Chromium | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async open(path, options = {}) {
      if (!browser) throw new Error('The browser is not running');
      const page = await browser.context.newPage();
      // A journey step that cannot happen should fail in seconds, not hold the run for half a minute.
      page.setDefaultTimeout(10_000);
      // A first load on a busy two-core machine (the whole suite runs at once in CI) can take longer than a step.
      page.setDefaultNavigationTimeout(30_000);
      await page.setViewportSize(options.viewport ?? VIEWPORTS.desktop);
      const opened: OpenedPage = { page, response: null, cspViolations: [], pageErrors: [] };
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) opened.cspViolations.push(message.text());
      });
      page.on('pageerror', (error) => opened.pageErrors.push(error.message));
      if (options.session) {
        await page.addInitScript((values) => {
          for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
        }, options.session);
      }
      await options.prepare?.(page);
      opened.response = await page.goto(baseURL() + path, { waitUntil: 'load' });
      await appStarted(page);
      return opened;
    },
  };
}

/**
 * Waits until the app has adopted a page that arrived rendered (docs/decisions/0107): until then its buttons do
 * nothing. React marks each element it has adopted; a page the app draws itself is ready at once.
 */
export async function appStarted(page: Page): Promise<void> {
  // The page's arrival, so the navigation's 30 s rather than an action's 10: on a loaded machine a heavy page's
  // scripts (Swagger UI's, on /api/docs) can keep the page's thread from answering the check for longer than 10 s.
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root?.dataset.prerendered) return true;
      const heading = root.querySelector('h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Waits until the page's main heading reads `text` (after a navigation, while the next page's code arrives). */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}

/** zod's error class names itself in every build of it: a script carrying this has the schema library in it. */
export const SCHEMA_LIBRARY_MARK = 'ZodError';

/** The addresses of what the page has fetched so far (resource timing) whose address ends with `ending`. */
export function resourcesLoaded(page: Page, ending: string): Promise<string[]> {
  return page.evaluate(
    (end) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith(end)),
    ending,
  );
}

/** The scripts the page has loaded so far whose code contains `mark`. */
export async function scriptsCarrying(page: Page, mark: string): Promise<string[]> {
  const carrying: string[] = [];
  for (const url of await resourcesLoaded(page, '.js')) if ((await (await fetch(url)).text()).includes(mark)) carrying.push(url);
  return carrying;
}
