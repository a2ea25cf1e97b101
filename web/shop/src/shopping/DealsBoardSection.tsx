/** The Dealsboard section (issue 6). Placeholder until that screens land. */
export function DealsBoardSection() {
  return null;
}
