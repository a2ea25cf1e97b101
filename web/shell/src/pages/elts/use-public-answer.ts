import { apiRequest, type Envelope } from '@elts/ui';
import { useCallback, useEffect, useState } from 'react';

export type PublicAnswer<T> = { state: 'loading' } | { state: 'failed' } | ({ state: 'loaded' } & T);

/**
 * A public API answer for a shell page, read once on mount; `retry` asks again after a failure. A plain effect, not
 * a query library: these are shell pages, and the public pages load no more JavaScript than they need.
 */
export function usePublicAnswer<Data, T>(
  path: string,
  read: (envelope: Envelope<Data>) => T,
): { answer: PublicAnswer<T>; retry: () => void } {
  const [answer, setAnswer] = useState<PublicAnswer<T>>({ state: 'loading' });
  // `read` is the caller's pure mapping: only the path decides when to load again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const load = useCallback(
    (signal?: AbortSignal) => {
      setAnswer({ state: 'loading' });
      apiRequest<Data>(path, signal ? { signal } : {}).then(
        (envelope) => setAnswer({ state: 'loaded', ...read(envelope) }),
        () => {
          if (!signal?.aborted) setAnswer({ state: 'failed' });
        },
      );
    },
    [path],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { answer, retry: useCallback(() => load(), [load]) };
}
