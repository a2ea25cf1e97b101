/**
 * What tells the versions of one product apart, from their names: the catalogue names each version in full
 * ('Nike Air Zoom Pegasus 41 Running Shoes (UK 8)'), and a picker that repeated the whole name for every size would
 * hide the one difference that matters.
 */

const TRAILING_DETAIL = /^(.*\S)\s*\(([^()]+)\)$/;

/**
 * One short label per version, in the same order: the part in brackets at the end of each name, less the parts
 * every version shares ('8 GB RAM, 256 GB, Onyx Black' and '8 GB RAM, 512 GB, Marble Grey' become '256 GB, Onyx
 * Black' and '512 GB, Marble Grey'). Names that do not follow that pattern, or labels that would not tell the versions
 * apart, are given in full.
 */
export function versionLabels(names: readonly string[]): string[] {
  const parsed = names.map((name) => TRAILING_DETAIL.exec(name.trim()));
  const bases = new Set(parsed.map((match) => match?.[1]?.toLowerCase()));
  if (parsed.some((match) => !match) || bases.size !== 1) return [...names];
  const details = parsed.map((match) => (match?.[2] ?? '').split(',').map((part) => part.trim()));
  const shared = (part: string) => details.every((parts) => parts.includes(part));
  const labels = details.map((parts) => {
    const distinct = parts.filter((part) => !shared(part));
    return (distinct.length > 0 ? distinct : parts).join(', ');
  });
  return new Set(labels.map((label) => label.toLowerCase())).size === labels.length ? labels : [...names];
}

const SIZE = /^(?:(?:UK|US|EU|IN|IND)\s?\d{1,2}(?:\.5)?|X{0,3}S|M|X{0,3}L|\d?XL|\d{2}(?:\s?(?:cm|in))?)$/i;

/** The picker's legend: 'Size' when every version is a size (UK 8, M, XL, 32), else 'Options'. */
export function versionLegend(labels: readonly string[]): 'Size' | 'Options' {
  return labels.length > 0 && labels.every((label) => SIZE.test(label)) ? 'Size' : 'Options';
}
