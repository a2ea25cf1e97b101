import { apiRequest, type Envelope } from '@elts/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface WallName {
  member_number: number;
  name: string;
}

interface WallPage {
  names: WallName[];
  totalPages: number;
  totalNames: number;
}

export const WALL_QUERY_KEY = ['wall'] as const;
export const WALL_PAGE_SIZE = 100;

/** One page of the public wall (`GET /user/wall`): first names and last initials, in member-number order. */
export function useWall(page: number) {
  return useQuery({
    queryKey: [...WALL_QUERY_KEY, page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<WallPage> => {
      const envelope: Envelope<WallName[]> & { pagination?: { total_pages: number; total_items: number } } = await apiRequest<WallName[]>(
        `/user/wall?page=${page}&limit=${WALL_PAGE_SIZE}`,
        { signal },
      );
      return {
        names: envelope.data ?? [],
        totalPages: envelope.pagination?.total_pages ?? 1,
        totalNames: envelope.pagination?.total_items ?? envelope.data?.length ?? 0,
      };
    },
  });
}
