import { databaseAvailable, uniqueName } from '@elts/platform/testing';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { startDurableTestTemporal, temporalAvailability } from '../src/testing/index.js';

/**
 * The Temporal server the fault suite crashes: on PostgreSQL, so a workflow it had accepted is still there after a
 * kill -9 and a restart on the same ports and store; stopping it drops its databases.
 */
const temporal = await temporalAvailability();
if (!temporal.available) console.log(`[temporal] durable Temporal server test skipped: ${temporal.why}`);

describe.runIf(databaseAvailable('postgres') && temporal.available)('a Temporal server on PostgreSQL, killed and restarted', () => {
  it('keeps a running workflow through kill -9 and a restart, tells it from one never started, and drops its databases when stopped', async () => {
    const prefix = `${uniqueName('durable_')}_`;
    const server = await startDurableTestTemporal(inject('testPostgresUrl'), prefix);
    const databases = async () => {
      const admin = new pg.Client({ connectionString: inject('testPostgresUrl') });
      await admin.connect();
      try {
        const rows = await admin.query('select datname from pg_database where datname like $1 order by 1', [`${prefix}%`]);
        return rows.rows.map((row) => row.datname as string);
      } finally {
        await admin.end();
      }
    };
    try {
      expect(await databases()).toEqual([`${prefix}temporal`, `${prefix}temporal_visibility`]);
      const connection = await Connection.connect({ address: server.address });
      const workflowId = `durable-${uniqueName('')}`;
      try {
        // No worker polls this queue: the workflow stays running, as one waiting on a timer would.
        await new Client({ connection }).workflow.start('nobodyRunsThis', { workflowId, taskQueue: 'nobody-polls-this', args: [] });
      } finally {
        await connection.close();
      }
      await server.kill();
      await server.restart();
      expect(server.starts()).toBe(2);
      const again = await Connection.connect({ address: server.address });
      try {
        const described = await new Client({ connection: again }).workflow.getHandle(workflowId).describe();
        expect(described.status.name).toBe('RUNNING');
        expect(await server.workflowsMissing([workflowId, 'never-started'])).toEqual(['never-started']);
      } finally {
        await again.close();
      }
    } finally {
      await server.stop();
    }
    expect(await databases()).toEqual([]);
  }, 180_000);
});
