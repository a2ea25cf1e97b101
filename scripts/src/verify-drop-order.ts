/**
 * `npm run verify:drop -- --draw <file or URL> --member <member id> [--shown <sha256>] [--members <file>]`: checks a
 * drop's published draw (docs/decisions/0153). `--draw` is the JSON of `GET /drop/{id}/draw` saved to a file, or its
 * URL; `--shown` is the seed's SHA-256 as the waiting room showed it before the opening; `--members` a file of every
 * entrant's member id, one a line, to recompute the whole order. Prints each check, the member's place and turn, and
 * exits 1 when a check fails.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkDrawFor, type PublishedDraw } from './drop-order-check.js';

const { values } = parseArgs({
  options: { draw: { type: 'string' }, member: { type: 'string' }, shown: { type: 'string' }, members: { type: 'string' } },
});
if (!values.draw || !values.member) {
  console.error('Usage: verify-drop-order --draw <file or URL> --member <member id> [--shown <sha256>] [--members <file>]');
  process.exit(2);
}

async function readDraw(source: string): Promise<PublishedDraw> {
  const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : await readFile(source, 'utf8');
  const body = JSON.parse(text) as { data?: PublishedDraw } & Partial<PublishedDraw>;
  // The endpoint's envelope, or its data saved alone.
  return (body.data ?? body) as PublishedDraw;
}

const draw = await readDraw(values.draw);
const memberIds = values.members
  ? (await readFile(values.members, 'utf8'))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
  : undefined;
const result = checkDrawFor(draw, values.member, { shown: values.shown, memberIds });
console.log(`Drop ${draw.drop_id}, opened ${draw.opens_at}, ${draw.entrants} entrants, ${draw.admitted_per_second} let in a second`);
for (const { what, held } of result.checks) console.log(`${held ? 'ok  ' : 'FAIL'} ${what}`);
console.log(`Your digest: ${result.digest}`);
if (result.place !== undefined) console.log(`Your place: ${result.place} of ${draw.entrants}; your turn to buy came at ${result.turnAt}`);
process.exit(result.checks.every((c) => c.held) ? 0 : 1);
