import { describe, expect, it } from 'vitest';
import { fridayDropWindow, isDropFriday, offCalendarWarning, onDropCalendar, openingDayOf } from '../src/drop-calendar.js';

const ANCHOR = '2025-01-03';
const at = (iso: string) => new Date(iso);

describe('the drop calendar', () => {
  it("reads 'Friday midnight' as the midnight ending Friday, as 'Sunday midnight' is the one ending Sunday", () => {
    expect(fridayDropWindow('2025-01-17')).toEqual({
      opensAt: at('2025-01-17T18:30:00Z'), // Saturday 18/01/2025 00:00 in India
      closesAt: at('2025-01-19T18:30:00Z'), // Monday 20/01/2025 00:00 in India
    });
    expect(openingDayOf(at('2025-01-17T18:30:00Z'))).toBe('2025-01-17');
    expect(openingDayOf(at('2025-01-16T04:30:00Z'))).toBe('2025-01-16'); // Thursday 10:00
  });

  it('has a drop every other Friday from the anchor, before it as after it', () => {
    expect(['2025-01-03', '2025-01-17', '2024-12-20', '2026-12-04'].map((day) => isDropFriday(ANCHOR, day))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['2025-01-10', '2025-01-18', '2024-12-27', '2026-11-27'].map((day) => isDropFriday(ANCHOR, day))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('knows a window on the calendar only when it is exactly a calendar Friday midnight to its Sunday midnight', () => {
    expect(onDropCalendar(ANCHOR, fridayDropWindow('2025-01-31'))).toBe(true);
    expect(offCalendarWarning(ANCHOR, fridayDropWindow('2025-01-31'))).toBeUndefined();
    const offWeek = fridayDropWindow('2025-01-24');
    const fridayMorning = { opensAt: at('2025-01-30T18:30:00Z'), closesAt: at('2025-02-02T18:30:00Z') }; // Fri 00:00 IST
    const longer = { opensAt: at('2025-01-31T18:30:00Z'), closesAt: at('2025-02-03T18:30:00Z') };
    for (const window of [offWeek, fridayMorning, longer]) expect(onDropCalendar(ANCHOR, window)).toBe(false);
  });

  it('warns an operator off the calendar in one sentence naming the calendar Fridays around the drop', () => {
    expect(offCalendarWarning(ANCHOR, fridayDropWindow('2025-01-24'))).toBe(
      'Off the drop calendar: members are promised drops from Friday midnight to Sunday midnight, India time, every ' +
        'other week (the nearest on Fridays 17/01/2025 and 31/01/2025).',
    );
    // A festival sale from Thursday 10:00 to Sunday midnight, the week of a calendar drop.
    expect(offCalendarWarning(ANCHOR, { opensAt: at('2025-01-30T04:30:00Z'), closesAt: at('2025-02-02T18:30:00Z') })).toContain(
      'the nearest on Fridays 17/01/2025 and 31/01/2025',
    );
  });
});
