import { API, type DataOf, type OperationTable, type ResponseOf } from '@elts/contracts';
import { type PublicAnswer, usePublicAnswer } from './use-public-answer.js';

/** The names on the wall as `GET /user/wall` gives them: first name and last initial, by member number. */
export type WallNames = DataOf<OperationTable['wall']>;

export type PublicWall = PublicAnswer<{ names: WallNames; total: number }>;

/** How many names the public page shows; the rest are counted. */
export const PUBLIC_WALL_LIMIT = 100;

const readWall = (envelope: ResponseOf<OperationTable['wall']>) => {
  const names = envelope.data ?? [];
  return { names, total: envelope.pagination?.total_items ?? names.length };
};

/** The first names on the wall; `retry` asks again after a failure. */
export function usePublicWall(): { wall: PublicWall; retry: () => void } {
  const { answer, retry } = usePublicAnswer(API.wall, { query: { page: 1, limit: PUBLIC_WALL_LIMIT } }, readWall);
  return { wall: answer, retry };
}
