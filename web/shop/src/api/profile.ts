import { API } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** The signed-in member's profile (`POST /user/get-profile`, `data[0]`), shared by every screen of the remote. */
export function useProfile() {
  const { token } = readMemberSession();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      const envelope = await callOperation(API.getProfile, {}, { token, signal });
      const profile = envelope.data[0];
      if (!profile) throw new Error('Profile not found');
      return profile;
    },
  });
}

/** After a change to the profile (or to anything it shows, such as the subscription status). */
export function useRefreshProfile(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
}
