import { Select, type SelectOption, TextInput } from '@elts/ui';
import { type ReactNode, useState } from 'react';
import { DAY_PLACEHOLDER, dayText, maskDayText, readDayText } from './day-text.js';

/**
 * The filters above a list: labelled controls, as many to a row as fit at 12rem or more each (the page's width,
 * not the window's, decides: the sidebar takes part of a laptop's), wrapping onto more rows as the page narrows.
 */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="mb-6 grid grid-cols-[repeat(auto-fit,minmax(min(100%,12rem),1fr))] gap-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100"
    >
      {children}
    </section>
  );
}

export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return <Select label={label} value={value} options={options} onChange={(event) => onChange(event.target.value)} />;
}

export function FilterText({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'search';
  placeholder?: string;
}) {
  return <TextInput label={label} type={type} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />;
}

/**
 * A day filter typed as dd/mm/yyyy (a text box: a native date input shows the browser's locale's order). It reports
 * a YYYY-MM-DD day, or '' while the box holds no whole, real day, so the list always matches what the box says; what
 * is wrong is said under it (a partly typed day only once the box is left).
 */
function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  // The text typed, with the day it stood for: when the filter changes from outside (a reset), the box shows that.
  const [typed, setTyped] = useState({ text: value ? dayText(value) : '', day: value });
  const [left, setLeft] = useState(false);
  const text = typed.day === value ? typed.text : value ? dayText(value) : '';
  const reading = readDayText(text);
  const error = reading.kind === 'invalid' || (reading.kind === 'partial' && left) ? reading.message : undefined;
  const change = (raw: string) => {
    const next = maskDayText(raw);
    const now = readDayText(next);
    const day = now.kind === 'day' ? now.day : '';
    setTyped({ text: next, day });
    if (day !== value) onChange(day);
  };
  return (
    <TextInput
      label={label}
      hint="India time (IST)"
      error={error}
      placeholder={DAY_PLACEHOLDER}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      value={text}
      onChange={(event) => change(event.target.value)}
      onFocus={() => setLeft(false)}
      onBlur={() => setLeft(true)}
    />
  );
}

/** Start and End Date: inclusive Indian calendar days (the server reads them so). */
export function DateRange({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (key: 'startDate' | 'endDate', value: string) => void;
}) {
  return (
    <>
      <DayFilter label="Start Date" value={start} onChange={(value) => onChange('startDate', value)} />
      <DayFilter label="End Date" value={end} onChange={(value) => onChange('endDate', value)} />
    </>
  );
}
