import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    // Starts the all-in-one product from source on a random port, serving the web builds.
    globalSetup: ['./src/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 200_000,
  },
});
