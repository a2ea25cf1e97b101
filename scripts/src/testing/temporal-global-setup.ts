import type { TestProject } from 'vitest/node';
import { TemporalUnavailable, temporalBinaries } from '../temporal/temporal-server.js';
import './temporal-context.js';

/**
 * Runs once per test run: makes sure the Temporal binaries are built (minutes on a machine's first run, then
 * nothing) and tells the Temporal suites where they are; each suite starts a server of its own from them. Where they
 * cannot be had (no Go) the suites skip and say why, unless TEMPORAL_REQUIRED=1 (CI), which fails the run instead.
 */
export default async function setup(project: TestProject) {
  let server = '';
  let why = '';
  try {
    server = (await temporalBinaries()).server;
  } catch (error) {
    if (!(error instanceof TemporalUnavailable)) throw error;
    why = error.message;
  }
  if (!server && process.env.TEMPORAL_REQUIRED === '1') throw new Error(`TEMPORAL_REQUIRED=1 but the Temporal suites cannot run: ${why}`);
  project.provide('temporalServerBinary', server);
  project.provide('temporalUnavailable', why);
  console.log(
    `[test infrastructure] Temporal: ${server ? `server built from Go modules (${server})` : `NOT AVAILABLE, its suites are skipped: ${why}`}\n`,
  );
}
