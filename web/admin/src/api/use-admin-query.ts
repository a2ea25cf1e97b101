import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request.js';

/**
 * An admin GET, cached by its path: a changed filter is a new path. The previous answer stays on screen while the
 * next one loads, so a pager does not flash empty.
 */
export function useAdminQuery<Body>(path: string, options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['admin', path],
    queryFn: ({ signal }) => adminRequest<Body>(path, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    ...options,
  });
}
