import { EARLIEST_DATE, isCalendarDate, LATEST_DATE } from '@elts/contracts';
import { formatDate } from '@elts/ui';

/**
 * A calendar day typed as Indian readers write it, dd/mm/yyyy, whatever the browser's language (a native date input
 * follows the browser's locale: mm/dd/yyyy in English (US)). The filters and the server speak YYYY-MM-DD; the box
 * shows dd/mm/yyyy.
 */
export const DAY_PLACEHOLDER = 'dd/mm/yyyy';

/** '2026-11-25' → '25/11/2026' (the shared date formatter, reading the day at noon in India). */
export const dayText = (day: string) => formatDate(`${day}T12:00:00+05:30`);

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

export function readDayText(text: string): DayReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const parts = TYPED.exec(trimmed);
  if (!parts) return { kind: ON_THE_WAY.test(trimmed) ? 'partial' : 'invalid', message: SHAPE_MESSAGE };
  const [, d, m, y] = parts as unknown as [string, string, string, string];
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  if (!isCalendarDate(day)) return { kind: 'invalid', message: `Enter a real date as ${DAY_PLACEHOLDER}` };
  if (day < EARLIEST_DATE || day > LATEST_DATE) {
    return { kind: 'invalid', message: `Enter a date from ${dayText(EARLIEST_DATE)} to ${dayText(LATEST_DATE)}` };
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
