import { Card } from '@elts/ui';
import type { ReactNode } from 'react';

/** One part of the Giveaway page: a card named by its heading. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-lg font-bold text-ink-950">
        {title}
      </h2>
      {children}
    </Card>
  );
}
