import { defineConfig } from 'vitest/config';
import { TemporalLastSequencer } from './scripts/src/testing/temporal-last-sequencer.js';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    sequence: { sequencer: TemporalLastSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{packages,services,gateway,workflows,scripts}/*/test/**/*.test.ts',
            '{gateway,workflows,scripts,bench}/test/**/*.test.ts',
            'web/*/test/**/*.test.ts',
          ],
          // The slow fault suite runs on its own: npm run test:faults (gateway/test/faults/vitest.config.ts).
          exclude: ['gateway/test/faults/**', '**/node_modules/**'],
          globalSetup: ['./packages/platform/src/testing/global-setup.ts', './scripts/src/testing/temporal-global-setup.ts'],
        },
      },
      // Browser journeys against the built web apps served by the whole product (see e2e/vitest.config.ts).
      './e2e/vitest.config.ts',
    ],
  },
});
