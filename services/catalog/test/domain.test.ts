import { fridayDropWindow } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { composeBoard, pickListMatches } from '../src/domain/board.js';
import { DropCalendar, dropStatus } from '../src/domain/drops.js';
import { isAcceptableImage } from '../src/domain/product.js';
import { applicableWindow, saleStateAt } from '../src/domain/sale-window.js';

const ANCHOR = '2025-01-03';
const at = (iso: string) => new Date(iso);

describe('the drop calendar', () => {
  const calendar = new DropCalendar(ANCHOR);

  it('opens at Friday midnight and closes at Sunday midnight, India time, every other week', () => {
    // From a Tuesday, the next three drops: each from the midnight ending Friday to the one ending Sunday.
    const drops = calendar.between(at('2025-01-14T00:00:00Z'), at('2025-02-20T00:00:00Z'));
    expect(drops.map((drop) => [drop.id, drop.opensAt.toISOString(), drop.closesAt.toISOString()])).toEqual([
      ['DROP-2025-01-17', '2025-01-17T18:30:00.000Z', '2025-01-19T18:30:00.000Z'],
      ['DROP-2025-01-31', '2025-01-31T18:30:00.000Z', '2025-02-02T18:30:00.000Z'],
      ['DROP-2025-02-14', '2025-02-14T18:30:00.000Z', '2025-02-16T18:30:00.000Z'],
    ]);
    expect(drops[0]).toMatchObject({ label: 'Deal drop of 17/01/2025', source: 'calendar', cancelled: false });
    for (const drop of drops) expect(drop.closesAt.getTime() - drop.opensAt.getTime()).toBe(48 * 3600_000);
    // The Friday between two drops has none.
    expect(calendar.byId('DROP-2025-01-10')).toBeUndefined();
    expect(calendar.byId('DROP-2025-01-17')?.opensAt).toEqual(fridayDropWindow('2025-01-17').opensAt);
  });

  it('is open from Saturday 00:00:00 to Sunday 23:59:59 and not a second outside', () => {
    const drop = calendar.byId('DROP-2025-01-17')!;
    expect(dropStatus(drop, at('2025-01-17T06:30:00Z'))).toBe('scheduled'); // Friday 12:00 IST: not yet midnight
    expect(dropStatus(drop, at('2025-01-17T18:29:59Z'))).toBe('scheduled'); // Friday 23:59:59 IST
    expect(dropStatus(drop, at('2025-01-17T18:30:00Z'))).toBe('open'); // Friday midnight: Saturday 00:00:00 IST
    expect(dropStatus(drop, at('2025-01-19T18:29:59Z'))).toBe('open'); // Sunday 23:59:59 IST
    expect(dropStatus(drop, at('2025-01-19T18:30:00Z'))).toBe('closed'); // Sunday midnight: Monday 00:00:00 IST
  });

  it('finds the drop open now, else the next one, skipping cancelled ones', () => {
    expect(calendar.currentOrNext(at('2025-01-17T06:30:00Z'))).toMatchObject({
      id: 'DROP-2025-01-17',
      opensAt: at('2025-01-17T18:30:00Z'),
    });
    expect(calendar.currentOrNext(at('2025-01-18T10:00:00Z'))?.id).toBe('DROP-2025-01-17');
    expect(calendar.currentOrNext(at('2025-01-19T18:30:00Z'))?.id).toBe('DROP-2025-01-31');
    expect(calendar.currentOrNext(at('2025-01-21T10:00:00Z'))?.id).toBe('DROP-2025-01-31');
    const changed = new DropCalendar(ANCHOR, [
      { id: 'DROP-2025-01-31', source: 'calendar', ...fridayDropWindow('2025-01-31'), label: 'x', cancelled: true },
    ]);
    expect(changed.currentOrNext(at('2025-01-21T10:00:00Z'))?.id).toBe('DROP-2025-02-14');
  });

  it('applies an admin move to a calendar drop and lists an admin drop wherever it is', () => {
    const moved = {
      id: 'DROP-2025-01-17',
      source: 'calendar' as const,
      ...fridayDropWindow('2025-01-24'),
      label: 'Moved',
      cancelled: false,
    };
    const own = {
      id: 'DRP-ABCDEF',
      source: 'admin' as const,
      opensAt: at('2025-01-22T04:30:00Z'),
      closesAt: at('2025-01-23T18:30:00Z'),
      label: 'Mid-week',
      cancelled: false,
    };
    const changed = new DropCalendar(ANCHOR, [moved, own]);
    expect(changed.byId('DROP-2025-01-17')).toMatchObject({ opensAt: fridayDropWindow('2025-01-24').opensAt, moved: true });
    expect(changed.currentOrNext(at('2025-01-22T05:00:00Z'))?.id).toBe('DRP-ABCDEF');
    const ids = changed.between(at('2025-01-15T00:00:00Z'), at('2025-01-30T00:00:00Z')).map((drop) => drop.id);
    expect(ids).toEqual(['DRP-ABCDEF', 'DROP-2025-01-17']);
  });
});

describe('sale windows', () => {
  const calendar = new DropCalendar(ANCHOR);
  const product = (overrides: Partial<{ saleStartAt: Date | null; saleEndAt: Date | null; dropId: string | null }>) => ({
    saleStartAt: null,
    saleEndAt: null,
    dropId: null,
    ...overrides,
  });

  it("uses the product's own dates first, then its drop, then the calendar", () => {
    const now = at('2025-01-21T10:00:00Z');
    const own = applicableWindow(product({ saleStartAt: at('2025-01-20T00:00:00Z'), dropId: 'DROP-2025-01-17' }), calendar, now);
    expect(own).toEqual({ startAt: at('2025-01-20T00:00:00Z'), endAt: null, source: 'product' });
    expect(saleStateAt(own, now)).toBe('open');
    const ofDrop = applicableWindow(product({ dropId: 'DROP-2025-01-17' }), calendar, now);
    expect(ofDrop.source).toBe('drop');
    expect(saleStateAt(ofDrop, now)).toBe('ended');
    const ofCalendar = applicableWindow(product({}), calendar, now);
    expect(ofCalendar).toMatchObject({ source: 'calendar', startAt: fridayDropWindow('2025-01-31').opensAt });
    expect(saleStateAt(ofCalendar, now)).toBe('upcoming');
  });
});

describe('board composition', () => {
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
  const open = () => 0 as const;

  it('takes five from each section, never a product twice, at most fifteen', () => {
    const { entries, sections } = composeBoard(
      {
        lists: ids('L', 7).map((productId) => ({ productId, matchedItem: 'x', matchedList: 'need' as const })),
        trending: ['L1', ...ids('T', 7)],
        exclusive: ['T1', ...ids('E', 7)],
        newest: ids('N', 20),
      },
      open,
    );
    expect(entries).toHaveLength(15);
    expect(new Set(entries.map((entry) => entry.productId)).size).toBe(15);
    expect(sections.lists).toEqual(ids('L', 5));
    expect(sections.trending).toEqual(ids('T', 5));
    expect(sections.exclusive).toEqual(ids('E', 5));
  });

  it('makes up a short section from the others, then from the newest', () => {
    const { sections } = composeBoard({ lists: [], trending: ids('T', 8), exclusive: ids('E', 2), newest: ids('N', 10) }, open);
    expect(sections.trending).toEqual(ids('T', 8));
    expect(sections.exclusive).toEqual(ids('E', 2));
    expect(sections.newest).toEqual(ids('N', 5));
  });

  it('gives the lists places of the public board to the newest products', () => {
    const { sections } = composeBoard({ lists: [], trending: ids('T', 8), exclusive: ids('E', 2), newest: ids('N', 10) }, open, 15, {
      publicBoard: true,
    });
    expect(sections.trending).toEqual(ids('T', 8));
    expect(sections.exclusive).toEqual(ids('E', 2));
    expect(sections.newest).toEqual(ids('N', 5));
    const full = composeBoard({ lists: [], trending: ids('T', 8), exclusive: ids('E', 8), newest: ids('N', 10) }, open, 15, {
      publicBoard: true,
    });
    expect(full.sections).toEqual({ lists: [], trending: ids('T', 5), exclusive: ids('E', 5), newest: ids('N', 5) });
  });

  it('puts products one can buy now first, keeping the section order within each tier', () => {
    const tier = (id: string) => (id === 'T1' ? 3 : id === 'E1' ? 1 : 0) as 0 | 1 | 3;
    const { entries } = composeBoard({ lists: [], trending: ['T1', 'T2'], exclusive: ['E1', 'E2'], newest: [] }, tier);
    expect(entries.map((entry) => entry.productId)).toEqual(['T2', 'E2', 'E1', 'T1']);
  });

  it('honours a smaller limit', () => {
    expect(composeBoard({ lists: [], trending: ids('T', 9), exclusive: [], newest: [] }, open, 4).entries).toHaveLength(4);
  });

  it('picks need items before greed items, each need item in turn', () => {
    const picked = pickListMatches(['phone', 'shoes'], ['perfume'], [['P1', 'P2', 'P3'], ['S1'], ['F1']], 5);
    expect(picked).toEqual([
      { productId: 'P1', matchedItem: 'phone', matchedList: 'need' },
      { productId: 'S1', matchedItem: 'shoes', matchedList: 'need' },
      { productId: 'P2', matchedItem: 'phone', matchedList: 'need' },
      { productId: 'P3', matchedItem: 'phone', matchedList: 'need' },
      { productId: 'F1', matchedItem: 'perfume', matchedList: 'greed' },
    ]);
  });

  it('does not give one product to two items', () => {
    expect(pickListMatches(['sony', 'headphones'], [], [['A', 'B'], ['A']]).map((pick) => pick.productId)).toEqual(['A', 'B']);
  });

  describe('with variant groups (the sizes of one shoe)', () => {
    // S8 (the primary) and S9 are two sizes of one product; the rest stand alone.
    const group = ['S8', 'S9'];
    const versionsOf = (id: string) => (group.includes(id) ? group : undefined);

    it('gives a group one of the fifteen places and one card', () => {
      const { entries } = composeBoard({ lists: [], trending: [], exclusive: [], newest: ['S9', 'S8', ...ids('N', 14)], versionsOf }, open);
      expect(entries).toHaveLength(15);
      expect(entries.map((entry) => entry.productId)).toEqual(['S8', ...ids('N', 14)]);
    });

    it('counts the group once however many sections name its sizes', () => {
      const { entries, sections } = composeBoard(
        {
          lists: [{ productId: 'S9', matchedItem: 'running shoes', matchedList: 'need' }],
          trending: ['S8', ...ids('T', 5)],
          exclusive: ids('E', 5),
          newest: ids('N', 10),
          versionsOf,
        },
        open,
      );
      expect(entries.filter((entry) => group.includes(entry.productId))).toEqual([
        { productId: 'S8', section: 'lists', matchedItem: 'running shoes', matchedList: 'need' },
      ]);
      expect(sections.trending).toEqual(ids('T', 5));
      expect(entries).toHaveLength(15);
    });

    it('shows the primary on the card, unless another size can be bought sooner', () => {
      const named = composeBoard(
        { lists: [{ productId: 'S9', matchedItem: 'uk 9', matchedList: 'need' }], trending: [], exclusive: [], newest: [], versionsOf },
        open,
      );
      expect(named.entries).toEqual([{ productId: 'S8', section: 'lists', matchedItem: 'uk 9', matchedList: 'need' }]);
      const soldOutPrimary = (id: string) => (id === 'S8' ? 2 : 0) as 0 | 2;
      const shown = composeBoard({ lists: [], trending: [], exclusive: [], newest: ['S8', 'N1'], versionsOf }, soldOutPrimary);
      expect(shown.entries.map((entry) => entry.productId)).toEqual(['S9', 'N1']);
      const bothSoldOut = (id: string) => (group.includes(id) ? 2 : 0) as 0 | 2;
      const last = composeBoard({ lists: [], trending: [], exclusive: [], newest: ['S9', 'N1'], versionsOf }, bothSoldOut);
      expect(last.entries.map((entry) => entry.productId)).toEqual(['N1', 'S8']);
    });

    it('does not give one group to two list items', () => {
      const slotOf = (id: string) => versionsOf(id)?.[0] ?? id;
      const picked = pickListMatches(['running shoes', 'pegasus'], [], [['S8', 'V1'], ['S9']], 5, slotOf);
      expect(picked).toEqual([
        { productId: 'S8', matchedItem: 'running shoes', matchedList: 'need' },
        { productId: 'V1', matchedItem: 'running shoes', matchedList: 'need' },
      ]);
    });
  });
});

describe('product images', () => {
  it('accepts web addresses and paths on our own origin only', () => {
    expect(isAcceptableImage('https://cdn.example.in/a.jpg')).toBe(true);
    expect(isAcceptableImage('http://example.in/a.png')).toBe(true);
    expect(isAcceptableImage('/product/images/headphones.svg')).toBe(true);
    expect(isAcceptableImage('//evil.example/a.png')).toBe(false);
    expect(isAcceptableImage('javascript:alert(1)')).toBe(false);
    expect(isAcceptableImage('data:image/png;base64,AAAA')).toBe(false);
    expect(isAcceptableImage('headphones.svg')).toBe(false);
  });
});
