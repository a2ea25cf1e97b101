/**
 * Development only (hot module replacement on): lets each remote's React Refresh runtime find the React renderer
 * the shell started. Without React DevTools, the stand-in hook that the shell's refresh runtime installs does not
 * remember renderers, so a remote's runtime, which attaches later, would never learn of React and could not refresh
 * its components after an edit. Recording them here fixes that; in a production build this module does nothing.
 */
interface DevtoolsHook {
  renderers: Map<number, unknown>;
  inject: (renderer: unknown) => number;
  eltsRecordsRenderers?: boolean;
}

if ((import.meta as { webpackHot?: unknown }).webpackHot) {
  const hook = (window as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevtoolsHook }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (hook && !hook.eltsRecordsRenderers) {
    const inject = hook.inject;
    hook.inject = function (this: DevtoolsHook, renderer: unknown) {
      const id = inject.call(this, renderer);
      if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
      return id;
    };
    hook.eltsRecordsRenderers = true;
  }
}
