// `npm run worker`: the Temporal worker of the distributed topology (built to dist/worker.js).
import { runWorker } from './temporal/worker.js';

await runWorker();
