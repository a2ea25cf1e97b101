import { ApiError } from '@elts/ui';
import type { SaveAnnouncements } from '../profile/use-save-profile.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';

/**
 * Onboarding's words for a step's save (`useSaveProfile(STEP_SAVE_WORDS)`): no toast when saved (the next step is
 * the news); a refusal from the server's validation (400) shows the server's own first sentence ('Mobile must be a
 * 10-digit Indian mobile number ...'), and every field's own sentence also shows under that field
 * (docs/decisions/0111); anything else shows the spec's 'Error updating profile.'.
 */
export const STEP_SAVE_WORDS: SaveAnnouncements = {
  failed: (error) => (error instanceof ApiError && error.status === 400 ? error.message : ONBOARDING_COPY.updateFailed),
};
