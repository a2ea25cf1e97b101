import { cx } from '@elts/ui';
import type { Chip } from './user-words.js';

/** A row of chips with counts; selected ones are filled. Clicking a chip toggles it. */
export function ChipGroup({
  title,
  chips,
  selected,
  onToggle,
}: {
  title: string;
  chips: readonly Chip[];
  selected: readonly string[];
  onToggle: (value: string) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink-800">{title}</legend>
      {chips.length === 0 ? (
        <p className="text-sm text-ink-500">None</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {chips.map((chip) => {
            const on = selected.includes(chip.value);
            return (
              <button
                key={chip.value}
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(chip.value)}
                className={cx(
                  'cursor-pointer rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset transition-colors',
                  on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-ink-800 ring-ink-200 hover:bg-brand-50',
                )}
              >
                {chip.value} ({chip.count})
              </button>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** The chips in force, each removable, and Clear for all of them. */
export function SelectedChips({
  selected,
  onRemove,
  onClear,
}: {
  selected: { group: 'pincodes' | 'need' | 'greed'; value: string }[];
  onRemove: (group: 'pincodes' | 'need' | 'greed', value: string) => void;
  onClear: () => void;
}) {
  if (selected.length === 0) return null;
  const groupName = { pincodes: 'Pincode', need: 'Need', greed: 'Greed' };
  return (
    <section aria-label="Selected chips" className="flex flex-wrap items-center gap-2">
      {selected.map(({ group, value }) => (
        <span
          key={`${group}:${value}`}
          className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm text-brand-900"
        >
          {groupName[group]}: {value}
          <button
            type="button"
            aria-label={`Remove ${groupName[group]} ${value}`}
            onClick={() => onRemove(group, value)}
            className="grid size-6 cursor-pointer place-items-center rounded-full hover:bg-brand-200"
          >
            ×
          </button>
        </span>
      ))}
      <button type="button" onClick={onClear} className="cursor-pointer text-sm font-semibold text-brand-700 underline">
        Clear
      </button>
    </section>
  );
}
