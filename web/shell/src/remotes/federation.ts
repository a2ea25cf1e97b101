import * as Router from '@elts/router';
import { createInstance } from '@module-federation/enhanced/runtime';
import * as RuntimeCore from '@module-federation/runtime-core';
import * as ReactQuery from '@tanstack/react-query';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';

type SharedName = 'react' | 'react/jsx-runtime' | 'react-dom' | 'react-dom/client' | '@elts/router' | '@tanstack/react-query';

/** Each singleton's installed version and the range the remotes ask for (web/build-config/src/shared.ts). */
declare const __SHARED_SINGLETONS__: Record<SharedName, { version: string; requiredVersion: string }>;
const SHARED = __SHARED_SINGLETONS__;

const shareConfig = (name: SharedName) => ({ singleton: true, requiredVersion: SHARED[name].requiredVersion });

/** A module the shell has already loaded, provided as it is: the remotes use this very instance. */
const provided = (name: SharedName, lib: object) => ({ version: versionOf(name), lib: () => lib, shareConfig: shareConfig(name) });
const versionOf = (name: SharedName) => SHARED[name].version;

// The remotes are built without the federation runtime (`externalRuntime`, web/build-config): their entries take
// this page's from this global, so a member's page downloads and starts one runtime, not two.
(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = RuntimeCore;

/**
 * The shell's federation instance, created with the first remote screen (docs/decisions/0103): it provides the
 * shell's own React, react-dom, router and query client as the page's singletons, so a remote's screens
 * render inside the shell's React tree, router and query cache.
 */
export const federation = createInstance({
  name: 'shell',
  remotes: [],
  shared: {
    react: provided('react', React),
    'react/jsx-runtime': provided('react/jsx-runtime', JsxRuntime),
    'react-dom': provided('react-dom', ReactDOM),
    'react-dom/client': provided('react-dom/client', ReactDOMClient),
    '@elts/router': provided('@elts/router', Router),
    // In this lazy chunk already, with the page's one QueryClient (query-client.ts). Provided as loaded: an
    // unloaded provision would give way to a remote's own copy, whose hooks would not see the shell's client.
    '@tanstack/react-query': provided('@tanstack/react-query', ReactQuery),
  },
});
