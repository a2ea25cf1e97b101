import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the distributed topology under crashes and outages, on the built services, with its
 * workflows on the embedded driver, then on Temporal (slow: minutes; docs/decisions/0060).
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'faults',
    root: new URL('../../..', import.meta.url).pathname,
    include: ['gateway/test/faults/**/*.test.ts'],
    globalSetup: ['./packages/platform/src/testing/global-setup.ts', './scripts/src/testing/temporal-global-setup.ts'],
    pool: 'forks',
    // One topology at a time: each listens on the services' fixed ports, and one is all this machine can carry.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
