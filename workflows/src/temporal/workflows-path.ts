import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A module for the worker's bundler: the built file next to this one, or the source when run from it. */
function besideThis(name: string): string {
  const built = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  return existsSync(built) ? built : fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
}

/** The workflow module. */
export function workflowsPath(): string {
  return besideThis('workflows');
}

/** For test workers: the interceptor that shortens the steps' retry waits (`interceptors.workflowModules`). */
export function fastStepRetriesModule(): string {
  return besideThis('fast-step-retries');
}
