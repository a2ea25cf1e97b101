import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_DUE } from '../src/commands/out-of-stock.js';
import { startTestbed } from './testbed.js';

/**
 * The orders service answers its steps that keep failing for the back office's Cron page (admin-bff lists them beside
 * payments'), and takes an operator's give-up; the catalog uses the same routes (`failingStepRoutes`).
 */
describe.each(DATABASE_KINDS)('failing steps of orders on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;
  beforeAll(async () => {
    if (available) bed = await startTestbed(kind, {});
  });
  afterAll(async () => bed?.close());

  const internal = (path: string, body?: unknown) =>
    bed.orders.json<any>(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      ...(body === undefined ? {} : { body }),
    });

  it.runIf(available)('lists a refund-choice step past the failing threshold, and gives it up for an operator', async () => {
    // A step that has failed nine times (payments away, say) and waits for its next attempt tomorrow.
    const nextAttempt = new Date(Date.now() + 24 * 3600_000);
    await sql`insert into scheduled_jobs (type, key, due_at, payload, status, attempts, last_error)
      values (${REFUND_DUE}, 'ORD-FAILING', ${nextAttempt}, ${JSON.stringify({ orderId: 'ORD-FAILING' })}::jsonb, 'pending', 9, 'payments answered 503'),
        (${REFUND_DUE}, 'ORD-FINE', ${nextAttempt}, ${JSON.stringify({ orderId: 'ORD-FINE' })}::jsonb, 'pending', 1, 'payments answered 503')`.execute(
      bed.orders.db,
    );
    expect((await bed.orders.json('/internal/cron/status')).status).toBe(401);
    const listed = await internal('/internal/cron/status');
    expect(listed.status).toBe(200);
    expect(listed.body.data.failing_steps).toEqual([
      {
        type: REFUND_DUE,
        key: 'ORD-FAILING',
        subject: 'ORD-FAILING',
        attempts: 9,
        lastError: 'payments answered 503',
        nextAttemptAt: nextAttempt.toISOString(),
      },
    ]);
    const givenUp = await internal('/internal/cron/steps/give-up', { type: REFUND_DUE, key: 'ORD-FAILING', actor: 'admin:ops' });
    expect(givenUp.status).toBe(200);
    expect(givenUp.body.data).toMatchObject({ key: 'ORD-FAILING', attempts: 9 });
    expect((await internal('/internal/cron/status')).body.data.failing_steps).toEqual([]);
    const again = await internal('/internal/cron/steps/give-up', { type: REFUND_DUE, key: 'ORD-FAILING', actor: 'admin:ops' });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('That step is not waiting to run: it has succeeded, been given up, or does not exist.');
  });
});
