import type { Profile } from '@elts/contracts';
import { Card, Checkbox, EmptyState, ErrorState, formatCount, LoadingState, Pagination } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMemberNumber } from '../profile/member-number.js';
import { useSaveProfile } from '../profile/use-save-profile.js';
import { InvitationsCard } from './InvitationsCard.js';
import { useWall, WALL_QUERY_KEY } from './use-wall.js';
import { WallBanner } from './WallBanner.js';

/**
 * The Wall of ELTS section: the banner, the member's own choice to be on it or not, the invitation links that bring
 * newcomers past the registration cap, and the public wall itself.
 */
export function WallSection({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-6">
      <WallBanner />
      <WallVisibility profile={profile} />
      <InvitationsCard />
      <WallNames />
    </div>
  );
}

function WallVisibility({ profile }: { profile: Profile }) {
  const { save, saving } = useSaveProfile();
  const client = useQueryClient();
  // The box follows the click at once; a refused save puts it back.
  const [hidden, setHidden] = useState(profile.hideFromWall);
  const toggle = async (hideFromWall: boolean) => {
    setHidden(hideFromWall);
    if (await save({ hideFromWall })) await client.invalidateQueries({ queryKey: WALL_QUERY_KEY });
    else setHidden(!hideFromWall);
  };
  return (
    <Card padded={false} className="p-5">
      <Checkbox
        label="Hide my name from the Wall of ELTS"
        description="The wall shows your first name and the initial of your last name to everyone."
        checked={hidden}
        disabled={saving}
        onChange={(event) => void toggle(event.target.checked)}
      />
    </Card>
  );
}

function WallNames() {
  const [page, setPage] = useState(1);
  const wall = useWall(page);
  if (wall.isPending) return <LoadingState message="Loading the wall..." />;
  if (wall.isError) return <ErrorState message="Failed to load the wall. Please try again." onRetry={() => void wall.refetch()} />;
  if (wall.data.names.length === 0) return <EmptyState title="The wall is still empty" message="Names appear here as members join." />;
  return (
    <Card as="section" aria-labelledby="wall-names-title">
      <h2 id="wall-names-title" className="text-lg font-bold text-ink-950">
        {formatCount(wall.data.totalNames)} {wall.data.totalNames === 1 ? 'member' : 'members'} on the wall
      </h2>
      <ul aria-label="Members on the wall" className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {wall.data.names.map((entry) => (
          <li key={entry.member_number} className="rounded-xl bg-brand-50 px-3 py-2">
            <span className="block text-xs font-semibold text-brand-700">{formatMemberNumber(entry.member_number)}</span>
            <span className="block font-semibold text-ink-900">{entry.name}</span>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={wall.data.totalPages} onPageChange={setPage} label="Wall pages" />
    </Card>
  );
}
