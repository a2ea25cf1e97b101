import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * One instance of each of these in the page, whichever app loads first provides it: React must be single for hooks,
 * the router and the query client for their contexts to reach across the shell and its remotes.
 */
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion });

export const SHARED_SINGLETONS = {
  react: singleton('^19.0.0'),
  'react/jsx-runtime': singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-dom/client': singleton('^19.0.0'),
  '@elts/router': singleton('^7.0.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
};

export type SharedName = keyof typeof SHARED_SINGLETONS;

/** The installed version of the package a module specifier belongs to, as seen from an app's folder. */
function installedVersion(specifier: string, fromDir: string): string {
  const packageName = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);
  let dir = dirname(createRequire(join(fromDir, 'package.json')).resolve(specifier, { paths: [fromDir] }));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === packageName && manifest.version) return manifest.version;
    } catch {
      // No package.json at this level: keep climbing.
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json found for ${specifier} from ${fromDir}`);
    dir = parent;
  }
}

/**
 * What the shell provides to the remotes at run time (see docs/decisions/0103): each singleton's installed version
 * and the range the remotes ask for, handed to the shell's code as `__SHARED_SINGLETONS__`.
 */
export function sharedVersions(fromDir: string): Record<SharedName, { version: string; requiredVersion: string }> {
  return Object.fromEntries(
    Object.entries(SHARED_SINGLETONS).map(([name, { requiredVersion }]) => [
      name,
      { version: installedVersion(name, fromDir), requiredVersion },
    ]),
  ) as Record<SharedName, { version: string; requiredVersion: string }>;
}
