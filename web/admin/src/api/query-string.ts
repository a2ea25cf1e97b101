/** Builds `?a=1&b=x` from filters, leaving out empty ones: the spec says empty filters are not sent. */
export function queryString(params: Record<string, string | number | readonly string[] | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value).trim();
    if (text === '' || text === 'all') continue;
    search.set(key, text);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
