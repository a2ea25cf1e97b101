import { ErrorState, LoadingState } from '@elts/ui';
import type { ReactNode } from 'react';
import { failureText } from '../api/admin-request.js';

/** Loading, 'Error: {message}', or the list: the shape every admin list shares. */
export function ListStates({
  isLoading,
  error,
  loading,
  fallback,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  loading: string;
  fallback: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isLoading) return <LoadingState message={loading} />;
  if (error) return <ErrorState message={`Error: ${failureText(error, fallback)}`} onRetry={onRetry} />;
  return <>{children}</>;
}
