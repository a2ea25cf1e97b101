import { REMOTES_MANIFEST_PATH, type RemotesManifest } from '@elts/contracts';
import type { ComponentType } from 'react';
import { federation } from './federation.js';

export type RemoteName = keyof RemotesManifest;

let registration: Promise<void> | undefined;

/**
 * Where each remote lives is decided when the page starts, from the manifest the gateway serves, so a remote can be
 * deployed without rebuilding the shell.
 */
async function registerFromManifest(force: boolean): Promise<void> {
  const response = await fetch(REMOTES_MANIFEST_PATH, { headers: { accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`The remotes manifest answered ${response.status}`);
  const manifest = (await response.json()) as Partial<RemotesManifest>;
  if (typeof manifest.shop !== 'string' || typeof manifest.admin !== 'string') throw new Error('The remotes manifest is malformed');
  federation.registerRemotes(
    [
      { name: 'shop', entry: manifest.shop },
      { name: 'admin', entry: manifest.admin },
    ],
    // A retry registers again with force, which drops what the runtime cached from the failed attempt.
    { force },
  );
}

/** The default export (a component) of a remote's exposed module; `retry` starts over after a failure. */
export async function loadRemoteComponent(remote: RemoteName, module: string, retry: boolean): Promise<ComponentType> {
  if (!registration || retry) registration = registerFromManifest(retry);
  try {
    await registration;
  } catch (error) {
    registration = undefined;
    throw error;
  }
  const loaded = await federation.loadRemote<{ default?: ComponentType }>(`${remote}/${module.replace(/^\.\//, '')}`);
  if (!loaded?.default) throw new Error(`${remote} did not provide ${module}`);
  return loaded.default;
}
