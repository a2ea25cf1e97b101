import { ADMIN_PAGES } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminToken, useSharedProduct } from '../src/admin-session.js';
import { VIEWPORTS } from '../src/browser.js';

// Every back-office page of the registry (ADMIN_PAGES) through axe-core, at a phone's width and a computer's, once its data has loaded.
const product = useSharedProduct();
let token: string;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

beforeAll(async () => {
  token = await adminToken(product.base());
});

describe('back-office accessibility', () => {
  it.each([
    ['a phone', VIEWPORTS.phone],
    ['a computer', VIEWPORTS.desktop],
  ])('has no serious accessibility problems on any admin page on %s', async (_, viewport) => {
    for (const { path, heading: title } of ADMIN_PAGES) {
      const { page, pageErrors } = await product.open(path, { session: { adminToken: token }, viewport });
      await heading(page, title);
      // Checked once the page's data is in (every list shows 'Loading ...' until then).
      await page
        .getByText(/^Loading .*\.\.\.$/)
        .first()
        .waitFor({ state: 'detached' });
      expect(await seriousViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    }
  });
});
