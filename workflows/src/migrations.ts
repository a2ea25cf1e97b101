import { fileURLToPath } from 'node:url';
import { loadMigrations, type Migration } from '@elts/platform';

/** The embedded driver's tables: the timers table, failing steps and cron control. Every service with steps has them. */
export const schedulerMigrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/** The signal outbox's table (`signal-outbox.ts`): only a service that sends workflow signals (payments) has it. */
export const signalOutboxMigrationsDir = fileURLToPath(new URL('../migrations/signal-outbox', import.meta.url));

/**
 * The workflow tables a service's schema needs, in the order they were first written (the outbox's 0002 sits between
 * the scheduler's 0001 and 0003, ids unchanged, so databases that applied them find nothing new to do).
 */
export async function workflowMigrations(options: { signalOutbox: boolean }): Promise<Migration[]> {
  const scheduler = await loadMigrations(schedulerMigrationsDir, 'workflows/');
  if (!options.signalOutbox) return scheduler;
  const outbox = await loadMigrations(signalOutboxMigrationsDir, 'workflows/');
  return [...scheduler, ...outbox].sort((a, b) => a.id.localeCompare(b.id));
}
