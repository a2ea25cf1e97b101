import { describe, expect, it } from 'vitest';
import { draftProblems, draftsOf, drawBlockers, inputOf } from '../src/pages/giveaway/prize-form.js';

const kettle = { slot: 2, name: 'Travel Kettle', description: 'Prestige', imageUrl: '/product/images/kettle.svg', productId: 'PRD-1' };
const hoodie = {
  slot: 5,
  name: 'ELTS hoodie',
  description: 'Limited run',
  imageUrl: 'https://images.example.in/hoodie.png',
  productId: null,
};

describe('the prizes form', () => {
  it('opens with all twelve slots, the saved prizes in theirs and products still to choose in the rest', () => {
    const drafts = draftsOf([hoodie, kettle]);
    expect(drafts.map((draft) => draft.slot)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(drafts[1]).toEqual({ slot: 2, kind: 'product', productId: 'PRD-1', name: '', description: '', imageUrl: '' });
    expect(drafts[4]).toEqual({
      slot: 5,
      kind: 'custom',
      productId: '',
      name: 'ELTS hoodie',
      description: 'Limited run',
      imageUrl: 'https://images.example.in/hoodie.png',
    });
    expect(drafts[0]).toMatchObject({ kind: 'product', productId: '' });
  });

  it('sends only the fields of each prize kind', () => {
    const [product, , , , custom] = draftsOf([hoodie, kettle]).map((draft) => ({ ...draft, productId: draft.productId || 'PRD-9' }));
    expect(inputOf(product!)).toEqual({ slot: 1, kind: 'product', productId: 'PRD-9' });
    expect(inputOf(custom!)).toEqual({
      slot: 5,
      kind: 'custom',
      name: 'ELTS hoodie',
      description: 'Limited run',
      imageUrl: 'https://images.example.in/hoodie.png',
    });
  });

  it("names each slot's problem and the field it is on, in the server's words", () => {
    const drafts = draftsOf([hoodie, kettle]);
    drafts[4] = { ...drafts[4]!, imageUrl: 'http://images.example.in/hoodie.png' };
    const problems = draftProblems(drafts);
    expect(problems.get(1)).toEqual({ field: 'productId', message: 'Prize 1: choose a product from the catalogue.' });
    expect(problems.get(2)).toBeUndefined();
    expect(problems.get(5)).toEqual({ field: 'imageUrl', message: 'Prize 5: the image must be a web address starting with https://.' });
    expect(problems.size).toBe(11);
  });
});

describe('the draw button', () => {
  const twelve = Array.from({ length: 12 }, (_, index) => ({ ...hoodie, slot: index + 1 }));
  const ready = { open: true, opensAtMembers: 10_000, members: 10_200, prizes: twelve, counts: { total: 40, passed: 12, failed: 28 } };

  it('is offered only when the server would draw: open, twelve prizes, twelve members who passed', () => {
    expect(drawBlockers(ready)).toEqual([]);
  });

  it('says every reason it cannot run yet', () => {
    expect(
      drawBlockers({ ...ready, open: false, members: 4_321, prizes: twelve.slice(0, 3), counts: { total: 2, passed: 1, failed: 1 } }),
    ).toEqual([
      'The giveaway opens at 10,000 members; there are 4,321 so far.',
      'Set all 12 prizes first (3 of 12 are set).',
      'At least 12 members must answer correctly, one for each prize (1 member so far).',
    ]);
  });
});
