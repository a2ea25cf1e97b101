// `npm run worker`: the Temporal worker of the distributed topology (built to dist/worker.js).
import { exitOnConfigError } from '@elts/platform';
import { runWorker } from './temporal/worker.js';

try {
  // Bad settings exit 78 (the supervisor will not restart a worker that would fail the same way).
  await exitOnConfigError(() => runWorker());
} catch (error) {
  // Temporal unreachable, or the worker failed: say so in one line and let the supervisor restart it.
  console.error(`worker stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
