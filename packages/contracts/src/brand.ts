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

/**
 * The year every footer's copyright line names. The spec words it 'copyright 2024' (onboarding step 01's footer);
 * a fixed year, not the clock's, also keeps the pages rendered at build time identical to the browser's first render
 * across a new year (docs/decisions/0105, 0107).
 */
export const COPYRIGHT_YEAR = 2024;

/**
 * Where the footers' social handle leads: the brand's Instagram profile. The spec shows the handle ('@eltsclub')
 * without naming the network; Instagram is the photo-sharing app it names beside WhatsApp (docs/decisions/0105).
 */
export function socialProfileUrlOf(brandName: string): string {
  return `https://www.instagram.com/${socialHandleOf(brandName).slice(1)}/`;
}
