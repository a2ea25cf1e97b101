import type { ReactNode } from 'react';

/** The typography of the policy texts: a titled article of numbered sections. */
export function PolicyArticle({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="max-w-3xl">
      <h2 className="font-display text-3xl font-extrabold text-ink-950">{title}</h2>
      {intro && <div className="mt-3 text-ink-600">{intro}</div>}
      <div className="mt-8 space-y-8">{children}</div>
    </article>
  );
}

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-ink-700 [&_strong]:text-ink-900">
      <h3 className="text-lg font-bold text-ink-950">{title}</h3>
      {children}
    </section>
  );
}

export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-brand-500">
      {items.map((item, index) => (
        // The lists are fixed text that never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
