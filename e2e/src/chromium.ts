import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium: never a browser downloaded by a tool. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// Headless, no sandbox (the machines run as root), and nothing that reaches for the network on its own.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface ChromiumOptions {
  /** The browser's language and formats, 'en-US' for instance (navigator.language, Intl, Accept-Language). */
  locale?: string;
}

/** Chromium with a fresh profile, removed again on close. */
export async function launchChromium(options: ChromiumOptions = {}): Promise<Chromium> {
  const profile = await mkdtemp(join(tmpdir(), 'elts-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    ...(options.locale ? { locale: options.locale } : {}),
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
