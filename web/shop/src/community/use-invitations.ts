import { ApiError, apiRequest, type Envelope, readMemberSession, useToast } from '@elts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationAllowance } from './invitation-state.js';

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
      const envelope: Envelope<Invitation[]> & { allowance?: InvitationAllowance } = await apiRequest<Invitation[]>('/user/invitations', {
        token: readMemberSession().token,
        signal,
      });
      if (!envelope.allowance) throw new Error('No allowance in the answer');
      return { invitations: envelope.data ?? [], allowance: envelope.allowance };
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
    mutationFn: () => apiRequest<Invitation>('/user/invitations', { method: 'POST', token: readMemberSession().token }),
    onSuccess: () => toast({ message: INVITATION_MESSAGES.created, tone: 'success' }),
    onError: (error) => toast({ message: createFailureMessage(error), tone: 'error' }),
    onSettled: () => client.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY }),
  });
}
