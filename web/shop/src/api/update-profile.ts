import type { Profile } from '@elts/contracts';
import { apiRequest, readMemberSession } from '@elts/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from './profile.js';

/**
 * `POST /user/update-profile` with one of the spec's seven body forms. The profile is refetched afterwards so every
 * section (and the routing after onboarding) sees the change.
 */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const envelope = await apiRequest<Profile[] | Profile>('/user/update-profile', {
        method: 'POST',
        body,
        token: readMemberSession().token,
      });
      return envelope;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
