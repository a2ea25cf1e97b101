import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from '../cx.js';

export interface TabItem<Key extends string> {
  key: Key;
  label: ReactNode;
}

export interface TabsProps<Key extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/** Tabs with the ARIA tabs pattern: arrow keys, Home and End move between tabs and select them. */
export function Tabs<Key extends string>({ label, tabs, selected, onSelect, children, className }: TabsProps<Key>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: Key) => `${id}-tab-${key}`;

  // On a phone the strip is wider than the screen and scrolls sideways: a tab chosen by the address (/privacy#faqs)
  // would be selected out of sight. Only the strip scrolls, never the page, and only after the first render, so a
  // page rendered at build time is adopted as it is (docs/decisions/0107).
  useEffect(() => {
    const strip = list.current;
    const tab = strip?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-tab-${selected}`)}`);
    if (!strip || !tab) return;
    const style = getComputedStyle(strip);
    const visible = strip.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    const left = box.left - visible.left - Number.parseFloat(style.paddingLeft);
    const right = box.right - visible.right + Number.parseFloat(style.paddingRight);
    if (left < 0) strip.scrollBy({ left, behavior: 'instant' });
    else if (right > 0) strip.scrollBy({ left: Math.min(right, left), behavior: 'instant' });
  }, [id, selected]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onSelect(tab.key);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(tab.key))}`)?.focus();
  };

  return (
    <div className={className}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 [scrollbar-width:none] lg:mx-0 lg:px-0"
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={cx(
                'shrink-0 cursor-pointer rounded-full px-4 py-2 text-sm font-semibold transition-colors',
                active ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-brand-50 hover:text-brand-800',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel focusable so keyboard users reach its text. */}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(selected)} tabIndex={0} className="mt-6 focus-visible:rounded-xl">
        {children}
      </div>
    </div>
  );
}
