export function ComingSoonBadge() {
  return (
    <span className="inline-flex items-center gap-2 rounded-full bg-marigold-100 px-3 py-1 text-xs font-bold tracking-wide text-marigold-900 uppercase">
      <span className="size-1.5 animate-pulse rounded-full bg-marigold-600" aria-hidden="true" />
      Coming soon
    </span>
  );
}
