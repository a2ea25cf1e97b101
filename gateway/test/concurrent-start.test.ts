import { sql } from '@elts/platform';
import { createTestPostgresDatabase, databaseAvailable, dropTestPostgresDatabase, silentLogger } from '@elts/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, type ProductUnderTest, startProduct } from './support/product.js';

/**
 * Two instances of every service started at the same moment on one PostgreSQL database (issue 32, item 9): two
 * identity instances both created the first admin and one died on `admins_username_unique`. Whatever instances do at
 * start-up (migrations, the first admin, the demo catalogue, the recurring schedules) must be done once, and both
 * must come up.
 */
describe.runIf(databaseAvailable('postgres'))('two instances started at once', () => {
  let databaseUrl: string | undefined;
  const started: ProductUnderTest[] = [];

  afterAll(async () => {
    await Promise.all(started.map((product) => product.stop()));
    if (databaseUrl) await dropTestPostgresDatabase(databaseUrl);
  });

  it('both come up, with one first admin, one demo catalogue and one of each recurring schedule', async () => {
    databaseUrl = await createTestPostgresDatabase();
    const start = () => startProduct('postgres', { SEED_DEMO_CATALOG: 'true' }, silentLogger(), { databaseUrl: databaseUrl! });
    const outcomes = await Promise.allSettled([start(), start()]);
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'started'))).toEqual(['started', 'started']);

    const database = started[0]!.product.infrastructure.database;
    const rows = async (schema: string, query: string) =>
      (await sql.raw<{ n: number }>(query).execute(database.forSchema(schema))).rows[0]!.n;
    expect(await rows('identity', 'select count(*)::int as n from admins')).toBe(1);
    // The demo keeps the drop calendar: no drop of its own (docs/decisions/0087).
    expect(await rows('catalog', 'select count(*)::int as n from drops')).toBe(0);
    const products = await rows('catalog', 'select count(*)::int as n from products');
    expect(products).toBeGreaterThanOrEqual(28);
    expect(await rows('catalog', 'select count(distinct name)::int as n from products')).toBe(products);
    // The recurring steps: the catalogue's hold sweep and the payments reconciliation.
    expect(await rows('catalog', "select count(*)::int as n from scheduled_jobs where type = 'stock.expire-holds'")).toBe(1);
    expect(await rows('payments', "select count(*)::int as n from scheduled_jobs where type = 'payments.reconcile'")).toBe(1);

    // Each serves, and the one admin signs in through either.
    for (const product of started) {
      expect((await product.call('/health')).status).toBe(200);
      const signIn = await product.call('/admin/login', { body: ADMIN });
      expect(signIn.status, signIn.text).toBe(200);
    }
  }, 180_000);
});
