import type { Profile } from '@elts/contracts';
import { ApiError, useToast } from '@elts/ui';
import { useState } from 'react';
import { type FieldErrors, refusedFields, withoutField } from '../api/refusal.js';
import { useUpdateProfile } from '../api/update-profile.js';

/** The spec's words for the account page's saves (section 8, "Profile and subscription"). */
export const SAVE_MESSAGES = {
  saved: 'Profile updated successfully!',
  failed: 'Failed to update profile. Please try again.',
  offline: 'Error updating profile. Please check your connection.',
} as const;

/**
 * What a refused save says: the server's own sentence for a body it would not take (a GSTIN with a wrong check
 * digit, a list item with a comma), also shown under the field it concerns, since 'Failed to update profile' alone
 * would not tell the member what to fix; the spec's generic message for any other failure, and its connection
 * message when the request never arrived (docs/decisions/0116).
 */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 400 && error.message ? error.message : SAVE_MESSAGES.failed;
  return SAVE_MESSAGES.offline;
}

/** How a screen announces its saves: a toast after a save (none when `saved` is absent), and a failure's words. */
export interface SaveAnnouncements {
  /** The success toast, from the server's own sentence when it gave one. */
  saved?: (serverMessage: string | undefined) => string;
  failed: (error: unknown) => string;
}

/** The account page's: the server's sentence or the spec's on success, `saveFailureMessage` on failure. */
const ACCOUNT_PAGE_ANNOUNCEMENTS: SaveAnnouncements = {
  // The server's sentence: the spec's, followed by what waits for a link when a new email or mobile was given.
  saved: (serverMessage) => serverMessage || SAVE_MESSAGES.saved,
  failed: saveFailureMessage,
};

export interface SaveProfile {
  /** Resolves, when saved, to the profile the server answered with (step 01 reads it); undefined when not. */
  save: (body: Record<string, unknown>) => Promise<{ profile: Profile | undefined } | undefined>;
  saving: boolean;
  /** The toast, for a screen's own messages beside the save's. */
  toast: ReturnType<typeof useToast>;
  /** The server's sentence for each field of the last refused save, for the form to show under that field. */
  fieldErrors: FieldErrors;
  /** Forgets a field's sentence once the member changes it, or all of them (a cancelled edit). */
  clearFieldError: (field?: string) => void;
}

/**
 * `POST /user/update-profile`, the one save of the profile for the account page, the wall's opt-out and every
 * onboarding step: they differ only in their words (`announce`, the account page's by default). A refused save also
 * leaves each field's sentence in `fieldErrors` until that field changes or the next save (docs/decisions/0111,
 * 0116).
 */
export function useSaveProfile(announce: SaveAnnouncements = ACCOUNT_PAGE_ANNOUNCEMENTS): SaveProfile {
  const update = useUpdateProfile();
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const save = async (body: Record<string, unknown>) => {
    try {
      const answer = await update.mutateAsync(body);
      setFieldErrors({});
      if (announce.saved) toast({ message: announce.saved(answer.message), tone: 'success' });
      return { profile: answer.data[0] };
    } catch (error) {
      console.error('The profile was not saved', error);
      setFieldErrors(refusedFields(error));
      toast({ message: announce.failed(error), tone: 'error' });
      return undefined;
    }
  };
  const clearFieldError = (field?: string) => setFieldErrors((current) => (field === undefined ? {} : withoutField(current, field)));
  return { save, saving: update.isPending, toast, fieldErrors, clearFieldError };
}
