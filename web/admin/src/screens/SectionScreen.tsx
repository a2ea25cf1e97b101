import { Card } from '@elts/ui';
import type { AdminSection } from './admin-sections.js';

/** A back-office page as it stands today: its heading and what it will hold. */
export function SectionScreen({ section }: { section: AdminSection }) {
  return (
    <div className="max-w-3xl">
      <h1 className="font-display text-3xl font-extrabold text-ink-950">{section.heading}</h1>
      <Card className="mt-6">
        <h2 className="text-lg font-bold text-ink-950">Coming with the back office</h2>
        <p className="mt-2 text-ink-700">{section.comingNext}</p>
      </Card>
    </div>
  );
}
