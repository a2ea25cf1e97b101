import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowsPath } from '../src/temporal/workflows-path.js';

// What CI runs without a server: the workflow module (and the pure cores it imports) bundles for Temporal's
// deterministic sandbox, with no Node built-in or I/O module pulled in.
describe('the Temporal workflow bundle', () => {
  it('bundles the workflows with bundleWorkflowCode, offline', async () => {
    const problems: string[] = [];
    const { code } = await bundleWorkflowCode({
      workflowsPath: workflowsPath(),
      logger: {
        log: () => {},
        trace: () => {},
        debug: () => {},
        info: () => {},
        warn: (message) => problems.push(message),
        error: (message) => problems.push(message),
      },
    });
    expect(problems).toEqual([]);
    for (const name of ['paymentTimeout', 'membership', 'reconciliation', 'renewalStart', 'chargeCheckFollowUp']) {
      expect(code).toContain(name);
    }
    // The pure cores travel inside; the service code and the database never do.
    expect(code).not.toMatch(/kysely|node:fs|@elts\/platform/);
  }, 60_000);
});
