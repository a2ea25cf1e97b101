import { apiRequest, type Envelope } from '@elts/ui';
import { useCallback, useEffect, useState } from 'react';

/** One name on the wall as `GET /user/wall` gives it: first name and last initial, by member number. */
export interface WallName {
  member_number: number;
  name: string;
}

export type PublicWall = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; names: WallName[]; total: number };

/** How many names the public page shows; the rest are counted. */
export const PUBLIC_WALL_LIMIT = 100;

/**
 * The first names on the wall. A plain effect, not a query library: this is a shell page, and the public pages load
 * no more JavaScript than they need. `retry` asks again after a failure.
 */
export function usePublicWall(): { wall: PublicWall; retry: () => void } {
  const [wall, setWall] = useState<PublicWall>({ state: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    setWall({ state: 'loading' });
    apiRequest<WallName[]>(`/user/wall?page=1&limit=${PUBLIC_WALL_LIMIT}`, signal ? { signal } : {}).then(
      (envelope: Envelope<WallName[]> & { pagination?: { total_items?: number } }) => {
        const names = envelope.data ?? [];
        setWall({ state: 'loaded', names, total: envelope.pagination?.total_items ?? names.length });
      },
      () => {
        if (!signal?.aborted) setWall({ state: 'failed' });
      },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { wall, retry: useCallback(() => load(), [load]) };
}
