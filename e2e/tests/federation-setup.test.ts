import { describe, expect, it } from 'vitest';
import { expectHeading, useBrowser } from '../src/browser.js';
import { subscriber } from '../src/members.js';

/**
 * The pin on how the web apps depart from the federation plugin's documented path (docs/decisions/0103): the shell is
 * a runtime-only host with no plugin, the remotes are built with `externalRuntime` and take the shell's runtime from
 * the `_FEDERATION_RUNTIME_CORE` global, and the shell provides its own React, router and query client as loaded
 * singletons. An upgrade of @module-federation/* (or rspack) that breaks any of it fails here by name, before the
 * member journeys fail for reasons that are harder to read.
 */
const browser = useBrowser();

/** The shared modules the remotes must take from the shell, never from their own bundles. */
const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', '@elts/router', '@tanstack/react-query'];

// Without externalRuntime the shop's entry carried its own runtime: 21 KB gzipped against about 9 with it.
const REMOTE_ENTRY_MOST_BYTES = 15_000;

describe('module federation as the web apps use it', () => {
  it('runs one federation runtime for the shell and a remote, with the shell’s singletons, and a remote entry without a runtime', async () => {
    const member = await subscriber();
    const { page } = await browser.open('/profile?section=subscription', { session: member.session });
    await expectHeading(page, 'Subscription');

    const federation = await page.evaluate((singletons) => {
      const scope = globalThis as unknown as {
        __FEDERATION__?: {
          __INSTANCES__: { name: string }[];
          __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>>;
        };
        _FEDERATION_RUNTIME_CORE?: { ModuleFederation?: new (...args: never[]) => object };
      };
      const core = scope._FEDERATION_RUNTIME_CORE;
      const instances = scope.__FEDERATION__?.__INSTANCES__ ?? [];
      const shopScope = scope.__FEDERATION__?.__SHARE__.shop?.default ?? {};
      return {
        coreProvided: typeof core?.ModuleFederation === 'function',
        instances: instances.map((instance) => ({
          name: instance.name,
          fromTheGlobalRuntime: core?.ModuleFederation ? instance instanceof core.ModuleFederation : false,
        })),
        singletons: Object.fromEntries(
          singletons.map((name) => [
            name,
            Object.values(shopScope[name] ?? {}).map((entry) => ({ from: entry.from, loaded: Boolean(entry.loaded) })),
          ]),
        ),
      };
    }, SINGLETONS);

    // The shell put its runtime where the remotes' entries look for it, and both instances are of that runtime.
    expect(federation.coreProvided).toBe(true);
    expect(federation.instances.map((instance) => instance.name).sort()).toEqual(['shell', 'shop']);
    expect(federation.instances.every((instance) => instance.fromTheGlobalRuntime)).toBe(true);
    // Each singleton exists once, in the shell's copy, already loaded: one React tree, one router, one query cache.
    for (const name of SINGLETONS) expect(federation.singletons[name], name).toEqual([{ from: 'shell', loaded: true }]);

    const entry = await page.evaluate(
      () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((resource) => resource.name.endsWith('/remotes/shop/remoteEntry.js'))
          .map((resource) => resource.encodedBodySize)[0],
    );
    expect(entry).toBeGreaterThan(0);
    expect(entry).toBeLessThan(REMOTE_ENTRY_MOST_BYTES);
    await page.close();
  });
});
