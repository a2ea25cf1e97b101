import type { Envelope } from '@elts/ui';
import { type PublicAnswer, usePublicAnswer } from './use-public-answer.js';

/** One name on the wall as `GET /user/wall` gives it: first name and last initial, by member number. */
export interface WallName {
  member_number: number;
  name: string;
}

export type PublicWall = PublicAnswer<{ names: WallName[]; total: number }>;

/** How many names the public page shows; the rest are counted. */
export const PUBLIC_WALL_LIMIT = 100;

const readWall = (envelope: Envelope<WallName[]> & { pagination?: { total_items?: number } }) => {
  const names = envelope.data ?? [];
  return { names, total: envelope.pagination?.total_items ?? names.length };
};

/** The first names on the wall; `retry` asks again after a failure. */
export function usePublicWall(): { wall: PublicWall; retry: () => void } {
  const { answer, retry } = usePublicAnswer(`/user/wall?page=1&limit=${PUBLIC_WALL_LIMIT}`, readWall);
  return { wall: answer, retry };
}
