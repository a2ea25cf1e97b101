import { Pagination, showingLabel } from '@elts/ui';

/** 'Showing X to Y of N {noun}' above Previous, 'Page n of m', Next. */
export function Pager({
  page,
  pageSize,
  totalPages,
  totalCount,
  noun,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  noun: string;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="mt-4">
      <p className="text-sm text-ink-700">{showingLabel(page, pageSize, totalCount, noun)}</p>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} label={`${noun} pages`} />
    </div>
  );
}
