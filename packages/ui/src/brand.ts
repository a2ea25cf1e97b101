import { brandNameFrom, COPYRIGHT_YEAR, socialHandleOf, socialProfileUrlOf } from '@elts/contracts';

// Set by the build (rspack's DefinePlugin) from the BRAND_NAME environment variable; absent in unit tests.
declare const __BRAND_NAME__: string | undefined;

const name = brandNameFrom(typeof __BRAND_NAME__ === 'string' ? __BRAND_NAME__ : undefined);

/** The product's name and the handles derived from it: the one place screens take the brand from. */
export const BRAND = {
  name,
  socialHandle: socialHandleOf(name),
  socialUrl: socialProfileUrlOf(name),
  /** Every footer's copyright line starts with this ('© 2024 ELTS Club'). */
  copyright: `© ${COPYRIGHT_YEAR} ${name}`,
} as const;
