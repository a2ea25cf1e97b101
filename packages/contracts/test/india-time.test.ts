import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  fromIndianWallClock,
  indianCalendar,
  indianDate,
  indianDateTime,
  indianDayOf,
  indianMidnight,
  indianMidnightOf,
  indianWallClock,
  isCalendarDate,
  isFriday,
  todayInIndia,
  weekdayOf,
} from '../src/india-time.js';

const at = (iso: string) => new Date(iso);

describe('India time', () => {
  it('puts midnight in Asia/Kolkata at 18:30 UTC the day before', () => {
    expect(indianMidnight('2025-03-14').toISOString()).toBe('2025-03-13T18:30:00.000Z');
    expect(indianDayOf(at('2025-03-13T18:29:59Z'))).toBe('2025-03-13');
    expect(indianDayOf(at('2025-03-13T18:30:00Z'))).toBe('2025-03-14');
    expect(todayInIndia(at('2025-03-13T18:30:00Z'))).toBe('2025-03-14');
  });

  it('reads the calendar in India, and rolls a day past the month over to the next month', () => {
    expect(indianCalendar(at('2026-03-31T18:30:00Z'))).toEqual({ year: 2026, month: 4, day: 1 });
    expect(indianMidnightOf(2026, 4, 1).toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(indianMidnightOf(2026, 2, 29).toISOString()).toBe('2026-02-28T18:30:00.000Z');
  });

  it('writes and reads wall-clock times in India whatever the machine zone', () => {
    expect(indianWallClock(at('2026-11-22T12:32:46Z'))).toBe('2026-11-22T18:02:46');
    expect(fromIndianWallClock('2026-11-22T18:02')?.toISOString()).toBe('2026-11-22T12:32:00.000Z');
    expect(fromIndianWallClock('2026-11-22T18:02:46')?.toISOString()).toBe('2026-11-22T12:32:46.000Z');
    expect(fromIndianWallClock('22/11/2026 18:02')).toBeUndefined();
    expect(fromIndianWallClock('2026-13-22T18:02')).toBeUndefined();
  });

  it('shows instants as dd/mm/yyyy and 24-hour times in India', () => {
    expect(indianDate(at('2025-02-01T18:45:00Z'))).toBe('02/02/2025');
    expect(indianDateTime(at('2025-02-01T18:45:00Z'))).toBe('02/02/2025 00:15');
  });

  it('knows real days and Fridays, and adds and counts days across months and years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isFriday('2025-01-03')).toBe(true);
    expect(isFriday('2025-01-04')).toBe(false);
    expect(isFriday('2025-02-30')).toBe(false);
    expect(weekdayOf('2024-12-31')).toBe(2);
    expect(addDays('2024-12-27', 7)).toBe('2025-01-03');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2024-12-27', '2025-01-03')).toBe(7);
  });
});
