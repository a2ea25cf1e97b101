import { startTemporalBuild } from '../temporal/temporal-server.js';

/**
 * Runs once per test run: starts building the Temporal binaries in the background (minutes on a machine's first run,
 * then nothing) at the lowest CPU priority, and returns at once. Every other suite runs meanwhile on what the build
 * leaves idle; the few that need the server wait for it themselves (temporalAvailability) and are run last. build.sh
 * holds a lock, so this start and CI's own (.ci/run) make one build between them.
 */
export default function setup() {
  startTemporalBuild();
}
