import { DayInput, Select, type SelectOption, TextInput } from '@elts/ui';
import type { ReactNode } from 'react';

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

/** Start and End Date: inclusive Indian calendar days (the server reads them so). */
export function DateRange({
  start,
  end,
  onChange,
  labels = { start: 'Start Date', end: 'End Date' },
}: {
  start: string;
  end: string;
  onChange: (key: 'startDate' | 'endDate', value: string) => void;
  /** The spec's Start Date and End Date by default; another pair where a page has two ranges (its charts'). */
  labels?: { start: string; end: string };
}) {
  return (
    <>
      <DayInput label={labels.start} value={start} onChange={(value) => onChange('startDate', value)} />
      <DayInput label={labels.end} value={end} onChange={(value) => onChange('endDate', value)} />
    </>
  );
}
