import { EARLIEST_DATE, formatIndianDay, isCalendarDate, LATEST_DATE } from '@elts/contracts';

/**
 * A calendar day typed as Indian readers write it, dd/mm/yyyy, whatever the browser's language (a native date input
 * follows the browser's locale: mm/dd/yyyy in English (US)). The back office's filters, a member's birthday and the
 * server speak YYYY-MM-DD; the box shows dd/mm/yyyy.
 */
export const DAY_PLACEHOLDER = 'dd/mm/yyyy';

/** '2026-11-25' → '25/11/2026'. */
export const dayText = formatIndianDay;

export type DayReading =
  | { kind: 'empty' }
  | { kind: 'day'; day: string }
  /** Still being typed: nothing to say yet, nothing to send. */
  | { kind: 'partial'; message: string }
  | { kind: 'invalid'; message: string };

const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
/** What a day looks like before its last digit: digits and separators, shorter than a whole one. */
const ON_THE_WAY = /^[\d/.-]{1,9}$/;
const SHAPE_MESSAGE = `Enter the date as ${DAY_PLACEHOLDER}`;

/** The days a box accepts, both ends included (YYYY-MM-DD): by default the lists' dates, 2000 to 2099. */
export interface DayRange {
  earliest: string;
  latest: string;
}
const LIST_DAYS: DayRange = { earliest: EARLIEST_DATE, latest: LATEST_DATE };

export function readDayText(text: string, range: DayRange = LIST_DAYS): DayReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const parts = TYPED.exec(trimmed);
  if (!parts) return { kind: ON_THE_WAY.test(trimmed) ? 'partial' : 'invalid', message: SHAPE_MESSAGE };
  const [, d, m, y] = parts as unknown as [string, string, string, string];
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  if (!isCalendarDate(day)) return { kind: 'invalid', message: `Enter a real date as ${DAY_PLACEHOLDER}` };
  if (day < range.earliest || day > range.latest) {
    return { kind: 'invalid', message: `Enter a date from ${dayText(range.earliest)} to ${dayText(range.latest)}` };
  }
  return { kind: 'day', day };
}

/**
 * The mask: digits typed alone get their slashes (2511 → 25/11, 25112026 → 25/11/2026), as do digits around slashes
 * already in the mask's places; anything else (5/11/2026, with a one-digit day) is left as typed, for readDayText.
 */
export function maskDayText(typed: string): string {
  if (!/^[\d/]*$/.test(typed)) return typed;
  const slashes = [...typed].flatMap((char, index) => (char === '/' ? [index] : []));
  if (!slashes.every((index) => index === 2 || index === 5)) return typed;
  const digits = typed.replace(/\//g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** A moment typed as Indian readers write it, with a 24-hour time in India: '27/11/2026 18:30'. */
export const DATE_TIME_PLACEHOLDER = 'dd/mm/yyyy hh:mm';

export type DateTimeReading =
  | { kind: 'empty' }
  /** India's wall clock, YYYY-MM-DDTHH:mm. */
  | { kind: 'at'; wallClock: string }
  | { kind: 'invalid'; message: string };

const TIME = /^(\d{1,2}):(\d{2})$/;

/** Reads 'dd/mm/yyyy hh:mm' (24-hour, India time); the day follows readDayText's rules. */
export function readDateTimeText(text: string): DateTimeReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const [dayPart = '', timePart = '', ...rest] = trimmed.split(/\s+/);
  const day = readDayText(dayPart);
  if (day.kind !== 'day') return { kind: 'invalid', message: `Enter the date and time as ${DATE_TIME_PLACEHOLDER}` };
  const time = TIME.exec(timePart);
  const [hours, minutes] = time ? [Number(time[1]), Number(time[2])] : [Number.NaN, Number.NaN];
  if (rest.length > 0 || !(hours <= 23 && minutes <= 59)) {
    return { kind: 'invalid', message: `Enter the time as hh:mm, from 00:00 to 23:59` };
  }
  return { kind: 'at', wallClock: `${day.day}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}` };
}

/** '2026-11-27T18:30' → '27/11/2026 18:30'. */
export const dateTimeText = (wallClock: string) => `${dayText(wallClock.slice(0, 10))} ${wallClock.slice(11, 16)}`;

/**
 * The mask for a moment, as maskDayText is for a day: digits typed alone get their separators as they come
 * (271120261830 → 27/11/2026 18:30), as do digits around separators already in the mask's places; anything else
 * (5/11/2026 9:30) is left as typed, for readDateTimeText.
 */
const MASK_SEPARATORS: Record<number, string> = { 2: '/', 5: '/', 10: ' ', 13: ':' };
export function maskDateTimeText(typed: string): string {
  if (!/^[\d/ :]*$/.test(typed)) return typed;
  const inPlace = [...typed].every((char, index) => /\d/.test(char) || MASK_SEPARATORS[index] === char);
  if (!inPlace) return typed;
  const digits = typed.replace(/\D/g, '').slice(0, 12);
  const day = maskDayText(digits.slice(0, 8));
  if (digits.length <= 8) return day;
  return `${day} ${[digits.slice(8, 10), digits.slice(10)].filter(Boolean).join(':')}`;
}
