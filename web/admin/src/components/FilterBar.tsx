import { Select, type SelectOption, TextInput } from '@elts/ui';
import type { ReactNode } from 'react';

/** The filters above a list: a row of labelled controls that wraps on narrow screens. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="mb-6 grid gap-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 sm:grid-cols-2 xl:grid-cols-5"
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
  type?: 'text' | 'date' | 'search';
  placeholder?: string;
}) {
  return <TextInput label={label} type={type} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />;
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
      <FilterText label="Start Date" type="date" value={start} onChange={(value) => onChange('startDate', value)} />
      <FilterText label="End Date" type="date" value={end} onChange={(value) => onChange('endDate', value)} />
    </>
  );
}
