import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './accessibility.js';
import { VIEWPORTS } from './browser.js';
import { widerThanWindow } from './layout.js';

/** The page fits the window and axe finds nothing serious, on a phone (390 px) and a laptop (1366 px); left on the phone. */
export async function fitsAndReads(page: Page): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.phone);
}
