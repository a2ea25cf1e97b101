import { Card } from '@elts/ui';
import type { ReactNode } from 'react';

/** A card of the membership's figures on /profile (its credit, its savings): a small capital heading over them. */
export function MembershipCard({ headingId, heading, children }: { headingId: string; heading: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-bold tracking-[0.15em] text-brand-700">
        {heading}
      </h2>
      {children}
    </Card>
  );
}
