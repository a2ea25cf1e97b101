import { inject } from 'vitest';
import { freeTemporalPorts, type RunningTemporal, startTemporalServer } from '../temporal/temporal-server.js';
import './temporal-context.js';

/** Whether this run has a Temporal server binary, and if not, why (for describe.skipIf and its message). */
export function temporalAvailability(): { available: boolean; why: string } {
  const binary = inject('temporalServerBinary');
  return { available: binary !== '', why: inject('temporalUnavailable') };
}

/**
 * A Temporal server of the test file's own: in-memory SQLite on free ports, the namespace registered. Its state dies
 * with it, so files cannot see each other's workflows.
 */
export async function startTestTemporal(namespace = 'default'): Promise<RunningTemporal> {
  const server = inject('temporalServerBinary');
  if (!server) throw new Error(`no Temporal server binary: ${inject('temporalUnavailable')}`);
  return startTemporalServer({ server, storage: { kind: 'memory' }, ports: await freeTemporalPorts(), namespace });
}
