import { describe, expect, it } from 'vitest';
import { dropMatchesByMember } from '../../src/alerts/drop-matches.js';

const drop = [
  { id: 'fryer', name: 'Philips Essential Airfryer', brand: 'Philips', category: 'Home & Garden' },
  { id: 'fridge', name: 'LG Double Door Refrigerator', brand: 'LG', category: 'Home & Garden' },
  { id: 'buds', name: 'boAt Airdopes 141 True Wireless Earbuds', brand: 'boAt', category: 'Electronics' },
];

describe("a drop's matches per member", () => {
  it('names each product once, with the first item that found it, need items before greed items', () => {
    const members = [{ memberId: 'm1', need: ['air fryer', 'philips'], greed: ['fridge', 'TWS'] }];
    expect(dropMatchesByMember(members, drop)).toEqual([
      {
        memberId: 'm1',
        matches: [
          { list: 'need', item: 'air fryer', productName: 'Philips Essential Airfryer' },
          { list: 'greed', item: 'fridge', productName: 'LG Double Door Refrigerator' },
          { list: 'greed', item: 'TWS', productName: 'boAt Airdopes 141 True Wireless Earbuds' },
        ],
      },
    ]);
  });

  it('leaves out members with nothing on their lists in the drop', () => {
    const members = [
      { memberId: 'm1', need: ['backpack', 'pack'], greed: [] },
      { memberId: 'm2', need: [], greed: ['ear buds'] },
    ];
    expect(dropMatchesByMember(members, drop).map((member) => member.memberId)).toEqual(['m2']);
  });
});
