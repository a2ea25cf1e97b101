import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const turbo = JSON.parse(readFileSync(join(root, 'turbo.json'), 'utf8')) as { tasks: Record<string, { inputs?: string[] }> };

/** Every workspace folder named by the root package.json ("packages/*" and the like). */
function workspaces(): string[] {
  const patterns = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  return patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(pattern.slice(0, -2), entry.name))
      : [pattern],
  );
}

/** The files outside a workspace that its tsconfigs extend: a change to one changes what the workspace builds. */
function sharedConfigs(workspace: string): string[] {
  const dir = join(root, workspace);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^tsconfig.*\.json$/.test(name))
    .flatMap((name) => {
      const extended = ts.readConfigFile(join(dir, name), ts.sys.readFile).config?.extends;
      return typeof extended === 'string' && extended.startsWith('.') ? [resolve(dir, extended)] : [];
    })
    .filter((file) => relative(dir, file).startsWith('..'))
    .map((file) => `$TURBO_ROOT$/${relative(root, file)}`);
}

describe('turbo.json', () => {
  it('rebuilds and retypechecks a workspace when a shared tsconfig it extends changes (no stale cache hit)', () => {
    const shared = new Set(workspaces().flatMap(sharedConfigs));
    expect(shared.size).toBeGreaterThan(0);
    for (const task of ['build', 'typecheck']) {
      for (const file of shared) expect(turbo.tasks[task]?.inputs, `${task} inputs`).toContain(file);
    }
  });
});
