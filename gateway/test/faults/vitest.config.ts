import { defineConfig } from 'vitest/config';

/** `npm run test:faults`: the distributed topology under crashes and outages, on the built services (slow: minutes). */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'faults',
    root: new URL('../../..', import.meta.url).pathname,
    include: ['gateway/test/faults/**/*.test.ts'],
    globalSetup: ['./packages/platform/src/testing/global-setup.ts'],
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
