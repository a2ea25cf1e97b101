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
    // Two minutes: a journey loads several pages, and on a busy two-core machine (three workers, the product and
    // Chromium) one load can take seconds. Timing is measured in bench/, never here: this only catches a hang.
    testTimeout: 120_000,
    hookTimeout: 200_000,
  },
});
