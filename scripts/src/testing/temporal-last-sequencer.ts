import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// A suite that starts a Temporal server of its own (temporal-test-server.ts).
const NEEDS_TEMPORAL = /\bstart(Durable)?TestTemporal\(/;

/**
 * Vitest's order, with the suites that need the Temporal server moved to the end: on a machine's first run the
 * server is still being built (temporal-global-setup.ts) while everything else runs, and a suite that waited for it
 * early would hold one of the few workers idle.
 */
export class TemporalLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const needs = new Set(sorted.filter((spec) => NEEDS_TEMPORAL.test(readFileSync(spec.moduleId, 'utf8'))));
    return [...sorted.filter((spec) => !needs.has(spec)), ...needs];
  }
}
