import type { Profile } from '@elts/contracts';
import { ApiError, useToast } from '@elts/ui';
import { useState } from 'react';
import { type FieldErrors, refusedFields, withoutField } from '../api/refusal.js';
import { useUpdateProfile } from '../api/update-profile.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';

/**
 * What a refusal from the server's validation (400) says: its first sentence ('Mobile must be a 10-digit Indian
 * mobile number ...'); every field's own sentence also shows under that field.
 */
function refusalMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.message;
}

/**
 * Saves one step's body with the shared profile update. A refusal from the server's validation (400) shows the
 * server's own words: as a toast, which is announced and goes after 6 s, and under each field it names, where it
 * stays until that field is changed or the step saved (docs/decisions/0111); anything else shows the spec's 'Error
 * updating profile.'. Resolves, when saved, to the profile the server answered with (step 01 reads from it whether
 * a new email waits for confirmation); undefined when not saved.
 */
export function useSaveStep() {
  const update = useUpdateProfile();
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const save = async (body: Record<string, unknown>): Promise<{ profile: Profile | undefined } | undefined> => {
    try {
      const envelope = await update.mutateAsync(body);
      setFieldErrors({});
      return { profile: envelope.data[0] };
    } catch (error) {
      console.error('The onboarding step was not saved', error);
      setFieldErrors(refusedFields(error));
      toast({ message: refusalMessage(error) ?? ONBOARDING_COPY.updateFailed, tone: 'error' });
      return undefined;
    }
  };
  const clearFieldError = (field: string) => setFieldErrors((current) => withoutField(current, field));
  return { save, saving: update.isPending, toast, fieldErrors, clearFieldError };
}
