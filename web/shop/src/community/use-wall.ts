import { API } from '@elts/contracts';
import { callOperation } from '@elts/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export const WALL_QUERY_KEY = ['wall'] as const;
export const WALL_PAGE_SIZE = 100;

/** One page of the public wall (`GET /user/wall`): first names and last initials, in member-number order. */
export function useWall(page: number) {
  return useQuery({
    queryKey: [...WALL_QUERY_KEY, page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const envelope = await callOperation(API.wall, { query: { page, limit: WALL_PAGE_SIZE } }, { signal });
      return { names: envelope.data, totalPages: envelope.pagination.total_pages, totalNames: envelope.pagination.total_items };
    },
  });
}
