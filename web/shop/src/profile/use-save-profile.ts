import { ApiError, useToast } from '@elts/ui';
import { useUpdateProfile } from '../api/update-profile.js';

/** The spec's words for the account page's saves (section 8, "Profile and subscription"). */
export const SAVE_MESSAGES = {
  saved: 'Profile updated successfully!',
  failed: 'Failed to update profile. Please try again.',
  offline: 'Error updating profile. Please check your connection.',
} as const;

/**
 * What a refused save says: the server's own words for a body it would not take (a GSTIN with a wrong check digit,
 * a list item over 100 characters), since 'Failed to update profile' alone would not tell the member what to fix;
 * the spec's generic message for any other failure, and its connection message when the request never arrived
 * (docs/decisions/0116).
 */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 400 && error.message ? error.message : SAVE_MESSAGES.failed;
  return SAVE_MESSAGES.offline;
}

/** `POST /user/update-profile` with the account page's toasts; resolves true when the profile was saved. */
export function useSaveProfile(): { save: (body: Record<string, unknown>) => Promise<boolean>; saving: boolean } {
  const update = useUpdateProfile();
  const toast = useToast();
  const save = async (body: Record<string, unknown>) => {
    try {
      await update.mutateAsync(body);
      toast({ message: SAVE_MESSAGES.saved, tone: 'success' });
      return true;
    } catch (error) {
      toast({ message: saveFailureMessage(error), tone: 'error' });
      return false;
    }
  };
  return { save, saving: update.isPending };
}
