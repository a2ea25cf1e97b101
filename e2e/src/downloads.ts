import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** Clicks a download button and reads the file the browser saved (latin1: a PDF's bytes stay as they are). */
export async function downloaded(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: (await readFile(path)).toString('latin1') };
}
