import { ApiError, useToast } from '@elts/ui';
import { useUpdateProfile } from '../api/update-profile.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';

/** What the server's validation said about each field ('Mobile must be a 10-digit Indian mobile number ...'). */
function refusalMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.issues.length > 0 ? error.issues.map((issue) => issue.message).join(' ') : error.message;
}

/**
 * Saves one step's body with the shared profile update. A refusal from the server's validation (400) shows the
 * server's own message, since a member cannot finish onboarding without correcting it; anything else shows the
 * spec's 'Error updating profile.' (docs/decisions/0111). Resolves true when saved.
 */
export function useSaveStep() {
  const update = useUpdateProfile();
  const toast = useToast();
  const save = async (body: Record<string, unknown>): Promise<boolean> => {
    try {
      await update.mutateAsync(body);
      return true;
    } catch (error) {
      console.error('The onboarding step was not saved', error);
      toast({ message: refusalMessage(error) ?? ONBOARDING_COPY.updateFailed, tone: 'error' });
      return false;
    }
  };
  return { save, saving: update.isPending, toast };
}
