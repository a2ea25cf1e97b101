import { dropMatchesByMember } from '../../src/alerts/drop-matches.js';
import { LABELLED_MEMBERS, LABELLED_PRODUCTS, measureQuality, TARGETS } from './labelled-set.js';

/** `npm run bench:matching`: the matcher's precision and recall on the labelled set, member by member, and its speed. */
const quality = measureQuality();
console.log('member  top five  relevant  attainable  items');
for (const member of quality.members) {
  const lists = LABELLED_MEMBERS[member.member - 1];
  const items = lists ? [...Object.keys(lists.need), ...Object.keys(lists.greed)].join(', ') : '';
  console.log(
    `${String(member.member).padStart(6)}  ${String(member.picked).padStart(8)}  ${String(member.relevantPicked).padStart(8)}  ${String(member.attainable).padStart(10)}  ${items}`,
  );
}
console.log(`labelled (item, product) pairs: ${quality.pairs}`);
console.log(`precision of the top fives: ${quality.precision.toFixed(3)} (target at least ${TARGETS.precision})`);
console.log(`recall of the top fives:    ${quality.recall.toFixed(3)} (target at least ${TARGETS.recall})`);

// The alerts' matching step at the issue's scale: 50,000 members with ten items each (drawn from the labelled
// items, which repeat as members' items do) against a drop of 15 products, on one core.
const items = LABELLED_MEMBERS.flatMap((member) => [...Object.keys(member.need), ...Object.keys(member.greed)]);
const pick = (index: number) => items[(index * 7919) % items.length] as string;
const members = Array.from({ length: 50_000 }, (_, m) => ({
  memberId: `m${m}`,
  need: [0, 1, 2, 3, 4].map((i) => pick(m * 10 + i)),
  greed: [5, 6, 7, 8, 9].map((i) => pick(m * 10 + i)),
}));
const started = performance.now();
const alerted = dropMatchesByMember(members, LABELLED_PRODUCTS.slice(0, 15));
const seconds = (performance.now() - started) / 1000;
console.log(`drop matching: 50,000 members x 10 items against 15 products in ${seconds.toFixed(2)} s (${alerted.length} members to alert)`);
