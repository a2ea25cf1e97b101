import { LoadingState } from '@elts/ui';

/** What shows while a page's code is on its way. */
export function PageLoading() {
  return (
    <div className="grid min-h-[60dvh] place-items-center">
      <LoadingState message="Loading…" />
    </div>
  );
}
