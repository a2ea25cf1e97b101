import type { Page } from 'playwright-core';
import { type FileSize, gzipSize } from './sizes.js';

export interface LandingLoad {
  firstContentfulPaintMs: number;
  /** Scripts and style sheets the page asked for before it first painted content. */
  beforePaint: Array<FileSize & { kind: 'js' | 'css' }>;
  /** Everything else fetched until the page settled. */
  afterPaint: Array<FileSize & { kind: 'js' | 'css' }>;
}

interface Entry {
  name: string;
  startTime: number;
}

/**
 * Loads the landing page and sorts the scripts and style sheets it fetched into before and after its first
 * contentful paint (the page arrives rendered and asks for the app's scripts once it is on screen: docs/decisions/
 * 0107). Sizes are measured again from the server with gzip, the budget's unit, whatever encoding the browser
 * negotiated.
 */
export async function measureLanding(page: Page, url: string): Promise<LandingLoad> {
  await page.goto(url, { waitUntil: 'networkidle' });
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    resources: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  }));
  if (Number.isNaN(timing.fcp)) throw new Error('The landing page never painted any content');
  const assets = [{ name: url, startTime: 0 }, ...timing.resources].filter((entry: Entry) => /\.(js|css)(\?|$)/.test(entry.name));
  const load: LandingLoad = { firstContentfulPaintMs: timing.fcp, beforePaint: [], afterPaint: [] };
  for (const entry of assets) {
    const response = await fetch(entry.name, { headers: { 'accept-encoding': 'gzip' } });
    const body = new Uint8Array(await response.arrayBuffer());
    const size = {
      name: new URL(entry.name).pathname,
      raw: body.length,
      gzip: gzipSize(body),
      kind: entry.name.includes('.css') ? 'css' : 'js',
    } as const;
    (entry.startTime < timing.fcp ? load.beforePaint : load.afterPaint).push(size);
  }
  return load;
}
