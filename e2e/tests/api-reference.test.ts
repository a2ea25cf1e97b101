import { OPERATIONS } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS } from '../src/browser.js';

const browser = useBrowser();

/**
 * The API reference at /api/docs (issue 22): Swagger UI reading the OpenAPI document the contracts' build wrote, on
 * the gateway's own origin under its content security policy, showing every operation a client can reach.
 */
describe('the API reference page', () => {
  it('lists every public operation, with nothing blocked and no page error', async () => {
    const opened = await browser.open('/api/docs', { viewport: VIEWPORTS.desktop });
    const { page } = opened;
    await page.locator('.opblock').first().waitFor();
    // Development-only operations answer 404 in production, so the reference leaves them out (issue 35).
    const reachable = OPERATIONS.filter((op) => op.access !== 'internal' && !op.developmentOnly).length;
    expect(await page.locator('.opblock').count()).toBe(reachable);
    await page.locator('.opblock-summary').filter({ hasText: '/shipping/bluedart/pincode/{pincode}' }).first().click();
    await expect.poll(() => page.locator('.opblock.is-open .parameters').count()).toBeGreaterThan(0);
    expect(opened.cspViolations).toEqual([]);
    expect(opened.pageErrors).toEqual([]);
  });
});
