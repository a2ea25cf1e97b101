import { describe, expect, it } from 'vitest';
import { workflowMigrations } from '../src/index.js';

/** The workflow tables per service: the timers for every service with steps, the signal outbox only where signals are sent. */
describe('workflow migrations', () => {
  it('give the signal outbox only to a service that sends signals, in the order the ids were first applied', async () => {
    const withOutbox = (await workflowMigrations({ signalOutbox: true })).map((migration) => migration.id);
    const without = (await workflowMigrations({ signalOutbox: false })).map((migration) => migration.id);
    expect(withOutbox).toContain('workflows/0002_workflow_signals');
    expect(without).not.toContain('workflows/0002_workflow_signals');
    expect(withOutbox).toEqual([...withOutbox].sort());
    expect(withOutbox.filter((id) => id !== 'workflows/0002_workflow_signals')).toEqual(without);
    const outbox = (await workflowMigrations({ signalOutbox: true })).find((migration) => migration.id.endsWith('workflow_signals'));
    expect(outbox?.sql).toMatch(/create table workflow_signals/);
    for (const migration of await workflowMigrations({ signalOutbox: false })) expect(migration.sql).not.toMatch(/workflow_signals/);
  });
});
