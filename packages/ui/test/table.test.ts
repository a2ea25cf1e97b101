import { describe, expect, it } from 'vitest';
import { pageLabel, showingLabel, totalPagesFor } from '../src/table/pages.js';
import { nextSort, sortRows } from '../src/table/sort-rows.js';

const people = [
  { name: 'Zoya', amount: 500, joined: new Date('2025-03-01') },
  { name: 'arjun', amount: 12000, joined: new Date('2025-01-15') },
  { name: 'Meera', amount: 500, joined: new Date('2025-02-10') },
  { name: '', amount: 90, joined: new Date('2025-02-11') },
];

describe('sortRows', () => {
  it('sorts text without regard to case, blanks last', () => {
    expect(sortRows(people, (p) => p.name, 'ascending').map((p) => p.name)).toEqual(['arjun', 'Meera', 'Zoya', '']);
    expect(sortRows(people, (p) => p.name, 'descending').map((p) => p.name)).toEqual(['Zoya', 'Meera', 'arjun', '']);
  });

  it('sorts numbers as numbers and keeps ties in their original order', () => {
    expect(sortRows(people, (p) => p.amount, 'ascending').map((p) => p.name)).toEqual(['', 'Zoya', 'Meera', 'arjun']);
    expect(sortRows(people, (p) => p.amount, 'descending').map((p) => p.name)).toEqual(['arjun', 'Zoya', 'Meera', '']);
  });

  it('sorts dates and numbers inside text naturally', () => {
    expect(sortRows(people, (p) => p.joined, 'ascending').map((p) => p.name)).toEqual(['arjun', 'Meera', '', 'Zoya']);
    expect(sortRows(['order 10', 'order 9', 'order 100'], (s) => s, 'ascending')).toEqual(['order 9', 'order 10', 'order 100']);
  });

  it('does not change the rows it was given', () => {
    const before = people.map((p) => p.name);
    sortRows(people, (p) => p.name, 'ascending');
    expect(people.map((p) => p.name)).toEqual(before);
  });
});

describe('nextSort', () => {
  it('starts a new column ascending and flips the same one', () => {
    const first = nextSort(undefined, 'amount');
    expect(first).toEqual({ key: 'amount', direction: 'ascending' });
    expect(nextSort(first, 'amount')).toEqual({ key: 'amount', direction: 'descending' });
    expect(nextSort({ key: 'amount', direction: 'descending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });
});

describe('page labels', () => {
  it('counts pages, at least one', () => {
    expect(totalPagesFor(0, 20)).toBe(1);
    expect(totalPagesFor(20, 20)).toBe(1);
    expect(totalPagesFor(21, 20)).toBe(2);
  });

  it('uses the spec wording', () => {
    expect(pageLabel({ page: 2, totalPages: 5 })).toBe('Page 2 of 5');
    expect(showingLabel(1, 20, 45, 'payments')).toBe('Showing 1 to 20 of 45 payments');
    expect(showingLabel(3, 20, 45, 'payments')).toBe('Showing 41 to 45 of 45 payments');
    expect(showingLabel(1, 20, 0, 'payments')).toBe('Showing 0 of 0 payments');
  });
});
