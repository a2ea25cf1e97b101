import { LABELLED_MEMBERS, measureQuality, TARGETS } from './labelled-set.js';

/** `npm run bench:matching`: the matcher's precision and recall on the labelled set, member by member. */
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
