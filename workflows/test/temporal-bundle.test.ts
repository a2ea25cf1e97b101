import { describe, expect, it } from 'vitest';
import { bundleWorkflows } from '../src/temporal/bundle-workflows.js';

// What CI runs without a server: the workflow module (and the pure cores it imports) bundles for Temporal's
// deterministic sandbox, with no Node built-in or I/O module pulled in, as the package build bundles it.
describe('the Temporal workflow bundle', () => {
  it('bundles the workflows with bundleWorkflowCode, offline and without a warning', async () => {
    const code = await bundleWorkflows();
    for (const name of ['paymentTimeout', 'membership', 'reconciliation', 'renewalStart', 'chargeCheckFollowUp']) {
      expect(code).toContain(name);
    }
    // The pure cores travel inside; the service code and the database never do.
    expect(code).not.toMatch(/kysely|node:fs|@elts\/platform/);
  }, 60_000);
});
