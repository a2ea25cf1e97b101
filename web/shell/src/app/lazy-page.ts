import { type ComponentType, createElement, lazy } from 'react';

/** How to give each page whose code failed to download a fresh start. */
const renewals = new Set<() => void>();

/** The next render of a page whose code failed to download tries the download again (Retry, App.tsx). */
export function retryFailedPages(): void {
  for (const renew of renewals) renew();
  renewals.clear();
}

/**
 * A page whose code loads when it is first visited (every page but the landing page, which most visits start on).
 * React keeps a failed lazy load failed for good, so a failed page is given a fresh lazy load, but only when the
 * visitor asks (retryFailedPages): React renders a failed page again at once, and a fresh load then would loop.
 */
export function lazyPage<Module, Props extends object = object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): ComponentType<Props> {
  const fresh = () =>
    lazy(async () => {
      try {
        return { default: pick(await load()) };
      } catch (error) {
        renewals.add(() => {
          Page = fresh();
        });
        throw error;
      }
    });
  let Page = fresh();
  return (props: Props) => createElement(Page, props);
}
