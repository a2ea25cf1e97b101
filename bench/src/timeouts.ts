import type { Figure } from './stats.js';

export async function measureTimeouts(_quick: boolean): Promise<{ figures: Figure[]; raw: unknown; notes: string[] }> {
  return { figures: [], raw: null, notes: ['Timeouts at volume: not written yet.'] };
}
