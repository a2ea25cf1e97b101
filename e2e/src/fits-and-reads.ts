import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './accessibility.js';
import { VIEWPORTS, type Viewport } from './browser.js';
import { widerThanWindow } from './layout.js';

/**
 * The screen works at each viewport (a phone's and a laptop's unless named): nothing wider than the window and no
 * serious axe violation. Checking several leaves the page on the phone, where the journeys go on.
 */
export async function fitsAndReads(page: Page, viewports: Viewport[] = [VIEWPORTS.phone, VIEWPORTS.desktop]): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  }
  if (viewports.length > 1) await page.setViewportSize(VIEWPORTS.phone);
}
