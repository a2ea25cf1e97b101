/**
 * The product's name is one setting: every screen, page title and (later) e-mail takes it from here. Builds and
 * servers read BRAND_NAME from the environment and pass it through `brandNameFrom`.
 */
export const DEFAULT_BRAND_NAME = 'ELTS Club';

export function brandNameFrom(configured: string | undefined): string {
  const name = configured?.trim();
  return name ? name : DEFAULT_BRAND_NAME;
}

/** The brand's social handle, derived from its name ('ELTS Club' → '@eltsclub'). */
export function socialHandleOf(brandName: string): string {
  return `@${brandName.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}
