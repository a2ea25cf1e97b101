import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ADMIN_ENV, E2E_ADMIN } from './admin.js';
import { baseURL, VIEWPORTS, type Viewport } from './browser.js';
import { type Chromium, type ChromiumOptions, launchChromium } from './chromium.js';
import { type ProductProcess, startProductProcess } from './product-process.js';

/**
 * The back office's journeys run against a product of their own: it starts with a first admin account (identity's
 * ADMIN_USERNAME and ADMIN_PASSWORD settings, as an operator would start it), and with payment timeouts shortened
 * to seconds so a journey can watch an unpaid payment time out.
 */
export const ADMIN_ACCOUNT = E2E_ADMIN;

export const ADMIN_PRODUCT_SETTINGS: Record<string, string> = {
  ...ADMIN_ENV,
  PAYMENT_AT_RISK_SECONDS: '1',
  PAYMENT_TIMEOUT_SECONDS: '2',
  WORKFLOW_POLL_MS: '100',
};

export interface AdminProduct {
  /** The product's address, for API calls (members.ts helpers take it as `base`). */
  base(): string;
  /** A new tab on `path`, with `session` in its session storage before the page loads. */
  open(
    path: string,
    options?: { session?: Record<string, string>; viewport?: Viewport | { width: number; height: number } },
  ): Promise<{ page: Page; pageErrors: string[] }>;
}

/**
 * A browser for one test file, opening tabs on the product at `base()`. The first page of a file may wait for the
 * remotes' bundles on a busy machine, so navigations get 30 s; every other step keeps the 10 s of browser.ts.
 */
function useBrowserOn(
  base: () => string,
  before: () => Promise<unknown> = async () => undefined,
  after = async () => {},
  browserOptions: ChromiumOptions = {},
): AdminProduct {
  let browser: Chromium | undefined;
  beforeAll(async () => {
    [browser] = await Promise.all([launchChromium(browserOptions), before()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), after()]);
  });
  return {
    base,
    async open(path, options = {}) {
      if (!browser) throw new Error('The browser is not running');
      const page = await browser.context.newPage();
      page.setDefaultTimeout(10_000);
      page.setDefaultNavigationTimeout(30_000);
      await page.setViewportSize(options.viewport ?? VIEWPORTS.desktop);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      if (options.session) {
        await page.addInitScript((values) => {
          for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
        }, options.session);
      }
      await page.goto(base() + path, { waitUntil: 'load' });
      return { page, pageErrors };
    },
  };
}

/** Starts the product and a browser for one test file, and stops both after it. */
export function useAdminProduct(settings: Record<string, string> = {}): AdminProduct {
  let product: ProductProcess | undefined;
  return useBrowserOn(
    () => {
      if (!product) throw new Error('The product is not running');
      return product.baseURL;
    },
    async () => {
      product = await startProductProcess({ ...ADMIN_PRODUCT_SETTINGS, ...settings });
    },
    async () => product?.stop(),
  );
}

/**
 * The suite's shared product (global-setup starts it with the same admin account) and a browser for the file, in
 * `browserOptions.locale` if given (an operator's browser set to English (US), say).
 */
export function useSharedProduct(browserOptions: ChromiumOptions = {}): AdminProduct {
  return useBrowserOn(baseURL, undefined, undefined, browserOptions);
}

/** Signs the admin in through `POST /admin/login` and returns the token (the login screen has its own journey). */
export async function adminToken(base: string, account: { username: string; password: string } = ADMIN_ACCOUNT): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(`admin login answered ${response.status}: ${body.message}`);
  return body.token;
}

/** An admin API call with the token as the raw Authorization value. */
export async function adminCall<T = any>(base: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(base + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      authorization: token,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Asks `probe` until it returns something, for at most `ms` (for work the product finishes in the background). */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A visitor's message through the contact form's `POST /user/contact`, for the Messages page to list. */
export async function sendContactMessage(base: string, message: string): Promise<void> {
  const sent = await fetch(`${base}/user/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Riya',
      lastName: 'Sen',
      email: 'riya.sen@example.in',
      phone: '9876543210',
      option: 'campus',
      message,
    }),
  });
  if (!sent.ok) throw new Error(`/user/contact answered ${sent.status}: ${await sent.text()}`);
}
