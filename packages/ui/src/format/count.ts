const counts = new Intl.NumberFormat('en-IN');

/** A count the Indian way: `formatCount(10000)` → '10,000', `formatCount(150000)` → '1,50,000'. */
export function formatCount(value: number): string {
  return counts.format(value);
}
