import { API, type OperationTable, type RequestOf } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from './profile.js';

/**
 * `POST /user/update-profile` with one of the spec's seven body forms. The profile is refetched afterwards so every
 * section (and the routing after onboarding) sees the change.
 */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<OperationTable['updateProfile']>['body']) =>
      callOperation(API.updateProfile, { body }, { token: readMemberSession().token }),
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
