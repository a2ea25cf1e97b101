import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Viewport } from './browser.js';

/** e2e/artifacts/ (ignored by git): screenshots for a person to look at. */
const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

export async function screenshot(page: Page, name: string, viewport: Viewport): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-${viewport.width}x${viewport.height}.png`), fullPage: true });
}
