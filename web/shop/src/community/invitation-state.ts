import type { OperationTable, ResponseOf } from '@elts/contracts';
import type { StatusTone } from '@elts/ui';

/** `GET /user/invitations`: the member's links (`data`) and the monthly allowance of links, as the server counts it. */
export type MemberInvitations = ResponseOf<OperationTable['memberInvitations']>;

export type InvitationState = 'open' | 'used' | 'expired';

/** A link is used once someone joined with it; else expired after its date; else still open to share. */
export function invitationState(
  invitation: Pick<MemberInvitations['data'][number], 'expires_at' | 'redeemed'>,
  now = Date.now(),
): InvitationState {
  if (invitation.redeemed) return 'used';
  return Date.parse(invitation.expires_at) <= now ? 'expired' : 'open';
}

export const INVITATION_BADGES: Record<InvitationState, { label: string; tone: StatusTone }> = {
  open: { label: 'Not used yet', tone: 'green' },
  used: { label: 'Used', tone: 'grey' },
  expired: { label: 'Expired', tone: 'orange' },
};

/** '2 of 3 invitation links left this month', or when none are left, when the next ones come. */
export function allowanceText({ per_month, remaining }: MemberInvitations['allowance']): string {
  // The same words the server answers when a member asks for one more.
  if (remaining === 0) return `You have used this month's ${per_month} invitations. New ones arrive next month.`;
  return `${remaining} of ${per_month} invitation ${per_month === 1 ? 'link' : 'links'} left this month.`;
}
