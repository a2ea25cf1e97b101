import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { ErrorBoundary } from '../app/ErrorBoundary.js';
import { PageLoading } from '../app/PageLoading.js';
import { loadRemoteComponent, type RemoteName } from './load-remote.js';
import { queryClient } from './query-client.js';
import { RemoteUnavailable } from './RemoteUnavailable.js';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; Screen: ComponentType };

export interface RemoteScreenProps {
  remote: RemoteName;
  module: string;
}

/** A screen that belongs to a remote: loaded at run time, with a retry when the remote is down. */
export function RemoteScreen({ remote, module }: RemoteScreenProps) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    loadRemoteComponent(remote, module, attempt > 0).then(
      // A transition: the remote's first render yields to the browser every few milliseconds (as the shell's does).
      (Screen) => current && startTransition(() => setLoaded({ status: 'ready', Screen })),
      (error: unknown) => {
        console.error(`The ${remote} remote did not load`, error);
        if (current) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, module, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'failed') return <RemoteUnavailable onRetry={retry} />;
  const { Screen } = loaded;
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary
        what="A remote screen"
        fallback={(reset) => (
          <RemoteUnavailable
            onRetry={() => {
              reset();
              retry();
            }}
          />
        )}
      >
        <Screen />
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
