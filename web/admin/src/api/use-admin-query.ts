import { addressOf, type OperationRoute, type OperationSpec, type RequestOf, type ResponseOf } from '@elts/contracts';
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

/** `useAdminQuery` for one GET operation of the contract table: the address from its parameters and query, the answer typed. */
export function useAdminOperation<O extends OperationSpec>(
  op: OperationRoute<O>,
  request: RequestOf<O>,
  options: { refetchInterval?: number; enabled?: boolean } = {},
) {
  return useAdminQuery<ResponseOf<O>>(addressOf(op, request), options);
}
