import { type ComponentType, lazy } from 'react';

/** A page whose code loads when it is first visited (every page but the landing page, which most visits start on). */
export function lazyPage<Module, Props extends object = object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  return lazy(async () => ({ default: pick(await load()) }));
}
