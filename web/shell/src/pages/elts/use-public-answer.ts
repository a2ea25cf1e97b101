import { addressOf, type OperationRoute, type OperationSpec, type RequestOf, type ResponseOf } from '@elts/contracts';
import { callOperation } from '@elts/ui';
import { useCallback, useEffect, useState } from 'react';

export type PublicAnswer<T> = { state: 'loading' } | { state: 'failed' } | ({ state: 'loaded' } & T);

/**
 * A public operation's answer for a shell page, read once on mount; `retry` asks again after a failure. A plain
 * effect, not a query library: these are shell pages, and the public pages load no more JavaScript than they need.
 */
export function usePublicAnswer<O extends OperationSpec, T>(
  op: OperationRoute<O>,
  request: RequestOf<O>,
  read: (answer: ResponseOf<O>) => T,
): { answer: PublicAnswer<T>; retry: () => void } {
  const [answer, setAnswer] = useState<PublicAnswer<T>>({ state: 'loading' });
  const path = addressOf(op, request);
  // `op`, `request` and `read` are the caller's: only the address they make decides when to load again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const load = useCallback(
    (signal?: AbortSignal) => {
      setAnswer({ state: 'loading' });
      callOperation(op, request, signal ? { signal } : {}).then(
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
