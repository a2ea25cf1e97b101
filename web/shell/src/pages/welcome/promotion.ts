import { BRAND } from '@elts/ui';

/** The fixed message the welcome screen's share button sends, followed by the site's address. */
export const WELCOME_SHARE_TEXT = `I just joined ${BRAND.name}, a members-only deals community where members never pay retail price. Join me:`;
