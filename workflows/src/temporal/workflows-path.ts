import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The workflow module for the worker's bundler: the built file next to this one, or the source when run from it. */
export function workflowsPath(): string {
  const built = fileURLToPath(new URL('./workflows.js', import.meta.url));
  return existsSync(built) ? built : fileURLToPath(new URL('./workflows.ts', import.meta.url));
}
