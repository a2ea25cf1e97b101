import { useState } from 'react';

/** A page's filters and page number: any filter change goes back to page 1 (spec, Payments and Orders). */
export function useFilters<Filters extends Record<string, string>>(initial: Filters) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = (key: keyof Filters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const reset = (next: Filters = initial) => {
    setFilters(next);
    setPage(1);
  };
  return { filters, setFilter, page, setPage, reset };
}
