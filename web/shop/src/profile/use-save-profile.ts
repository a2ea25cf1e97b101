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

export interface SaveProfile {
  save: (body: Record<string, unknown>) => Promise<boolean>;
  saving: boolean;
  /** The server's sentence for each field of the last refused save, for the form to show under that field. */
  fieldErrors: FieldErrors;
  /** Forgets a field's sentence once the member changes it, or all of them (a cancelled edit). */
  clearFieldError: (field?: string) => void;
}

/**
 * `POST /user/update-profile` with the account page's toasts; `save` resolves true when the profile was saved. A
 * refused save also leaves each field's sentence in `fieldErrors` (docs/decisions/0116).
 */
export function useSaveProfile(): SaveProfile {
  const update = useUpdateProfile();
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const save = async (body: Record<string, unknown>) => {
    try {
      const answer = await update.mutateAsync(body);
      setFieldErrors({});
      // The server's sentence: the spec's, followed by what waits for a link when a new email or mobile was given.
      toast({ message: answer.message || SAVE_MESSAGES.saved, tone: 'success' });
      return true;
    } catch (error) {
      setFieldErrors(refusedFields(error));
      toast({ message: saveFailureMessage(error), tone: 'error' });
      return false;
    }
  };
  const clearFieldError = (field?: string) => setFieldErrors((current) => (field === undefined ? {} : withoutField(current, field)));
  return { save, saving: update.isPending, fieldErrors, clearFieldError };
}
