/** Page arithmetic shared by every paged list (member orders 10 a page, admin lists 20). */
export interface PageInfo {
  page: number;
  totalPages: number;
}

export function totalPagesFor(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** 'Page X of Y' (spec wording). */
export function pageLabel({ page, totalPages }: PageInfo): string {
  return `Page ${page} of ${totalPages}`;
}

/** 'Showing X to Y of N payments' (spec wording for the admin payments list). */
export function showingLabel(page: number, pageSize: number, totalItems: number, noun: string): string {
  if (totalItems === 0) return `Showing 0 of 0 ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalItems);
  return `Showing ${first} to ${last} of ${totalItems} ${noun}`;
}
