import type { PincodeServiceability } from '@elts/contracts';
import type { PincodeDirectory } from './pincode-directory.js';

const CACHE_MS = 6 * 60 * 60_000;
const CACHE_ENTRIES = 20_000;

/**
 * A pincode is serviceable when the courier delivers prepaid parcels there and it lies in a state where the
 * product has launched. Answers are cached for a few hours: the onboarding and order forms ask often.
 */
export class Serviceability {
  private readonly cache = new Map<string, { at: number; answer: PincodeServiceability }>();

  constructor(
    private readonly directory: PincodeDirectory,
    private readonly launchStates: ReadonlySet<string>,
  ) {}

  async check(pincode: string): Promise<PincodeServiceability> {
    const cached = this.cache.get(pincode);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.answer;
    const place = await this.directory.lookup(pincode);
    const answer: PincodeServiceability = place
      ? {
          pincodeDescription: place.pincodeDescription,
          cityDescription: place.cityDescription,
          state: place.state,
          serviceable: place.deliverable && this.launchStates.has(place.state),
        }
      : { pincodeDescription: '', cityDescription: '', state: '', serviceable: false };
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(pincode, { at: Date.now(), answer });
    return answer;
  }
}
