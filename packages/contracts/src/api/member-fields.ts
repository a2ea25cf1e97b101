/**
 * The member fields' fixed values, apart from the schemas that check them: a screen that needs only these does not
 * load zod (the bundler drops a module none of whose exports is used, and schemas are built when their module loads).
 */
export const GENDERS = ['male', 'female', 'others'] as const;
export const PROFESSIONS = ['student', 'professional', 'startup', 'business', 'institution'] as const;
export const PERSONAS = ['Save', 'Splurge'] as const;
/** Professions that buy as a business: they must give a GSTIN, and may buy more than one of a product. */
export const GST_PROFESSIONS: readonly Profession[] = ['startup', 'business', 'institution'];

export type Gender = (typeof GENDERS)[number];
export type Profession = (typeof PROFESSIONS)[number];
export type Persona = (typeof PERSONAS)[number];

export const LIST_SLOTS = 5;
export const LIST_ITEM_MAX_LENGTH = 100;
export const ONBOARDING_NEED_LIST_MINIMUM = 3;
/** The spec's refusal (section 5) when onboarding's need list is short: the server and the step say the same. */
export const NEED_LIST_MINIMUM_MESSAGE = `Need list must have at least ${ONBOARDING_NEED_LIST_MINIMUM} items to proceed.`;

/**
 * Lists travel as comma-separated strings (spec sections 3 and 7), so a comma inside an item would come back as two
 * items. The form and the server both refuse it, in these words.
 */
export const LIST_ITEM_COMMA_MESSAGE = 'Use a word or two without commas for each item.';
export const listItemHasComma = (item: string): boolean => item.includes(',');
