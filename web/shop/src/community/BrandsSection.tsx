/** The Brands section: the curated brands grid with its disclaimer (issue 6). Placeholder until that screens land. */
export function BrandsSection() {
  return null;
}
