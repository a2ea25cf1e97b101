/**
 * The statements the product sends PostgreSQL, counted by their text in the process that sends them: what a drop
 * costs the database, a figure the shared machine's noise does not move (issue 33's "what limits it"). It wraps
 * node-postgres's `Client.query`, which Kysely and the event store both go through; the bench's own reads run in the
 * bench's process and are not counted.
 */
import pg from 'pg';

export type StatementCounts = Record<string, number>;

export function countStatements(): { snapshot(): StatementCounts } {
  const counts = new Map<string, number>();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (text) {
      // One line, cut where statements that differ only in their number of parameters would still read alike.
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 120);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return { snapshot: () => Object.fromEntries(counts) };
}

/** What was sent between two snapshots, most frequent first. */
export function statementsBetween(before: StatementCounts, after: StatementCounts): Array<{ text: string; count: number }> {
  return Object.entries(after)
    .map(([text, count]) => ({ text, count: count - (before[text] ?? 0) }))
    .filter((statement) => statement.count > 0)
    .sort((a, b) => b.count - a.count);
}
