import type { Profile } from '@elts/contracts';
import { ApiError, ErrorState, LoadingState } from '@elts/ui';
import type { ReactNode } from 'react';
import { useProfile } from '../api/profile.js';

/** A section that shows the member's profile: waits for it, and says so plainly when it cannot be had. */
export function WithProfile({ children }: { children: (profile: Profile) => ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) return <LoadingState message="Loading your profile..." />;
  if (profile.isError) {
    const expired = profile.error instanceof ApiError && profile.error.status === 401;
    return (
      <ErrorState
        message={expired ? 'Session expired. Please login again.' : 'Failed to load your profile. Please try again.'}
        onRetry={expired ? undefined : () => void profile.refetch()}
      />
    );
  }
  return <>{children(profile.data)}</>;
}
