import { useState } from 'react';
import { DAY_PLACEHOLDER, type DayRange, dayText, maskDayText, readDayText } from '../format/day-text.js';
import { TextInput } from './TextField.js';

/**
 * A day typed as dd/mm/yyyy (a text box: a native date input shows the browser's locale's order). It reports a
 * YYYY-MM-DD day, or '' while the box holds no whole, real day, so what is sent always matches what the box says;
 * what is wrong is said under it (a partly typed day only once the box is left).
 */
export function DayInput({
  label,
  value,
  onChange,
  hint = 'India time (IST)',
  required,
  range,
  error: refusal,
  autoComplete = 'off',
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  hint?: string;
  required?: boolean;
  /** The days it takes (a birthday's are not a list filter's). */
  range?: DayRange;
  /** The server's sentence about the day last sent, shown when the box itself has nothing to say. */
  error?: string | undefined;
  autoComplete?: string;
}) {
  // The text typed, with the day it stood for: when the filter changes from outside (a reset), the box shows that.
  const [typed, setTyped] = useState({ text: value ? dayText(value) : '', day: value });
  const [left, setLeft] = useState(false);
  const text = typed.day === value ? typed.text : value ? dayText(value) : '';
  const reading = readDayText(text, range);
  const error = (reading.kind === 'invalid' || (reading.kind === 'partial' && left) ? reading.message : undefined) ?? refusal;
  const change = (raw: string) => {
    const next = maskDayText(raw);
    const now = readDayText(next, range);
    const day = now.kind === 'day' ? now.day : '';
    setTyped({ text: next, day });
    if (day !== value) onChange(day);
  };
  return (
    <TextInput
      label={label}
      hint={hint}
      required={required}
      error={error}
      placeholder={DAY_PLACEHOLDER}
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={10}
      value={text}
      onChange={(event) => change(event.target.value)}
      onFocus={() => setLeft(false)}
      onBlur={() => setLeft(true)}
    />
  );
}
