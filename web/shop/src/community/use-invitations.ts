import { API } from '@elts/contracts';
import { ApiError, callOperation, readMemberSession, useToast } from '@elts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const INVITATIONS_QUERY_KEY = ['invitations'] as const;

export const INVITATION_MESSAGES = {
  created: 'Invitation link created. Copy it and send it to a friend.',
  failed: 'Failed to create an invitation link. Please try again.',
} as const;

/** The member's links and what is left of this month's allowance (`GET /user/invitations`). */
export function useInvitations() {
  return useQuery({
    queryKey: INVITATIONS_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const envelope = await callOperation(API.memberInvitations, {}, { token: readMemberSession().token, signal });
      return { invitations: envelope.data, allowance: envelope.allowance };
    },
  });
}

/**
 * What a refused link says: the server's own words when the month's allowance is used up (429), the generic
 * message for anything else.
 */
export function createFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 429 && error.message ? error.message : INVITATION_MESSAGES.failed;
}

/** `POST /user/invitations` with the account page's toasts; the list and the allowance are read again afterwards. */
export function useCreateInvitation() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => callOperation(API.createMemberInvitation, {}, { token: readMemberSession().token }),
    onSuccess: () => toast({ message: INVITATION_MESSAGES.created, tone: 'success' }),
    onError: (error) => toast({ message: createFailureMessage(error), tone: 'error' }),
    onSettled: () => client.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY }),
  });
}
