import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the workflow code is. Temporal runs workflows from one bundle (webpack, for its deterministic sandbox), and
 * bundling takes a minute on a busy 2-core machine: the package build makes it once (`bundle-workflows.ts`, into
 * `dist/temporal/workflows-bundle.js`) and the worker of `npm run worker` only loads it, so a restarted worker polls
 * again within seconds. Test workers run from source and bundle it as they start (`workflowsPath`), so they never
 * run a bundle older than the code under test.
 */

/** A module for the bundler: the built file next to this one, or the source when run from it. */
function besideThis(name: string): string {
  const built = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  return existsSync(built) ? built : fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
}

/** The workflow module, for `bundleWorkflowCode` (the build) and for test workers (`Worker.create({ workflowsPath })`). */
export function workflowsPath(): string {
  return besideThis('workflows');
}

/** The bundle the package build writes beside the built workflow module. */
export function workflowBundlePath(): string {
  return fileURLToPath(new URL('./workflows-bundle.js', import.meta.url));
}

/** For test workers: the interceptor that shortens the steps' retry waits (`interceptors.workflowModules`). */
export function fastStepRetriesModule(): string {
  return besideThis('fast-step-retries');
}
