import { MEMBER_CAPS } from '@elts/contracts';
import { Button, Card, EmptyState, ErrorState, formatCount, formatDate, LoadingState, StatusBadge, useToast } from '@elts/ui';
import { allowanceText, INVITATION_BADGES, invitationState, type MemberInvitations } from './invitation-state.js';
import { useCreateInvitation, useInvitations } from './use-invitations.js';

/**
 * A member's invitation links: past the registration cap a newcomer can join only with one, so members get a few
 * each month to bring in the people they choose.
 */
export function InvitationsCard() {
  const invitations = useInvitations();
  const create = useCreateInvitation();
  return (
    <Card as="section" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="text-lg font-bold text-ink-950">
        Invite a friend
      </h2>
      <p className="mt-1 text-ink-600">
        Once the club reaches {formatCount(MEMBER_CAPS.registration)} members, newcomers can join only with an invitation link.
      </p>
      {invitations.isPending ? (
        <LoadingState message="Loading your invitations..." />
      ) : invitations.isError ? (
        <ErrorState message="Failed to load your invitations. Please try again." onRetry={() => void invitations.refetch()} />
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <Button busy={create.isPending} disabled={invitations.data.allowance.remaining === 0} onClick={() => create.mutate()}>
              Create invitation link
            </Button>
            <p className="text-sm text-ink-700">{allowanceText(invitations.data.allowance)}</p>
          </div>
          {invitations.data.invitations.length === 0 ? (
            <EmptyState title="No invitation links yet" message="Create one, copy it and send it to someone you would like in the club." />
          ) : (
            <ul aria-label="Your invitation links" className="mt-6 grid gap-3">
              {invitations.data.invitations.map((invitation) => (
                <InvitationRow key={invitation.code} invitation={invitation} />
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: MemberInvitations['data'][number] }) {
  const toast = useToast();
  const state = invitationState(invitation);
  const badge = INVITATION_BADGES[state];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.link);
      toast({ message: 'Invitation link copied.', tone: 'success' });
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is on screen to copy by hand.
      toast({ message: 'Could not copy the link. Please select it and copy it yourself.', tone: 'error' });
    }
  };
  return (
    <li aria-label={`Invitation ${invitation.code}`} className="flex flex-wrap items-center gap-3 rounded-xl bg-ink-50 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm break-all text-ink-900">{invitation.link}</p>
        <p className="mt-1 text-xs text-ink-600">
          {state === 'used'
            ? 'Someone joined with this link.'
            : `${state === 'expired' ? 'Expired' : 'Valid until'} ${formatDate(invitation.expires_at)}`}
        </p>
      </div>
      <StatusBadge status={state} label={badge.label} tone={badge.tone} />
      {state === 'open' && (
        <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy invitation link ${invitation.code}`}>
          Copy
        </Button>
      )}
    </li>
  );
}
