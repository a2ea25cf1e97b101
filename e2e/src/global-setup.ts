import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN_ENV } from './admin.js';
import { CHROMIUM_PATH } from './chromium.js';
import { startProductProcess, WEB_DIR } from './product-process.js';

const BUILDS = ['shell/dist/index.html', 'shop/dist/remoteEntry.js', 'admin/dist/remoteEntry.js'];

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One product for the whole browser suite; journeys that need other settings start their own (product-process.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const missing = BUILDS.filter((file) => !existsSync(join(WEB_DIR, file)));
  if (missing.length > 0) {
    throw new Error(
      `The web apps are not built (missing ${missing.map((file) => `web/${file}`).join(', ')}). Run \`npm run build\` first.`,
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No browser at ${CHROMIUM_PATH}. Install Debian's Chromium: apt-get update && apt-get install -y chromium`);
  }
  // With the first admin account, so journeys can sign in to the back office and make products (admin.ts).
  const product = await startProductProcess(ADMIN_ENV);
  project.provide('baseURL', product.baseURL);
  return product.stop;
}
