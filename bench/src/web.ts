import type { Figure } from './stats.js';

export async function measureWeb(_quick: boolean): Promise<{ figures: Figure[]; raw: unknown; notes: string[] }> {
  return { figures: [], raw: null, notes: ['Web: not written yet.'] };
}
