import { fileURLToPath } from 'node:url';
import { loadMigrations, migrate, platformMigrations, sql } from '@elts/platform';
import { openTestDatabase } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';

const CHARTS_MIGRATION = '0012_chart_aggregates';

describe('migration 0012, the charts aggregates of rows already there', () => {
  it('counts sign-ups, started and expired memberships and fulfilment times of the read models it finds', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const db = database.forSchema('admin_bff');
      const own = await loadMigrations(fileURLToPath(new URL('../migrations', import.meta.url)));
      await migrate(db, 'admin_bff', [...(await platformMigrations()), ...own.filter((migration) => migration.id < CHARTS_MIGRATION)]);
      // Two sign-ups either side of India's midnight (18:30 UTC).
      await sql`insert into users (member_id, member_number, email, created_at) values
        (gen_random_uuid(), 1, 'a@example.in', '2026-10-01T18:29:00Z'), (gen_random_uuid(), 2, 'b@example.in', '2026-10-01T18:31:00Z')`.execute(
        db,
      );
      await sql`insert into subscriptions (subscription_id, member_id, plan_type, frequency, amount_paise, currency, status,
          auto_renewal, created_at, start_date, end_date) values
        ('S1', gen_random_uuid(), 'annual', 'yearly', 117882, 'INR', 'active', true, '2026-10-01T04:00:00Z', '2026-10-01T04:00:00Z', '2027-10-01T04:00:00Z'),
        ('S2', gen_random_uuid(), 'annual', 'yearly', 117882, 'INR', 'expired', true, '2025-09-01T04:00:00Z', '2025-09-01T04:00:00Z', '2026-09-01T04:00:00Z'),
        ('S3', gen_random_uuid(), 'annual', 'yearly', 117882, 'INR', 'pending', true, '2026-10-01T04:00:00Z', null, null)`.execute(db);
      // A paid order shipped two days after its payment and delivered on 5 October; an unpaid one.
      await sql`insert into product_orders (order_id, member_id, customer_email, customer_name, product_id, product, quantity,
          amount_paise, status, created_at, fulfilment_step, shipped_at, delivered_on) values
        ('ORD-1', gen_random_uuid(), 'a@example.in', 'A', 'PRD-1', '{}', 1, 100000, 'completed', '2026-10-01T04:00:00Z', 'delivered',
          '2026-10-03T04:10:00Z', '2026-10-05'),
        ('ORD-2', gen_random_uuid(), 'a@example.in', 'A', 'PRD-1', '{}', 1, 100000, 'pending', '2026-10-01T04:00:00Z', null, null, null)`.execute(
        db,
      );
      await sql`insert into payments (payment_id, order_id, member_id, amount_paise, currency, payment_type, status, purpose,
          created_at, processed_at) values
        ('P1', 'ORD-1', gen_random_uuid(), 100000, 'INR', 'product_order', 'success', 'product_order', '2026-10-01T04:00:00Z', '2026-10-01T04:10:00Z')`.execute(
        db,
      );
      await migrate(db, 'admin_bff', [...(await platformMigrations()), ...own.filter((migration) => migration.id <= CHARTS_MIGRATION)]);
      const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
      expect(await rows(sql`select to_char(day, 'YYYY-MM-DD') as day, users::int from user_day_stats order by day`)).toEqual([
        { day: '2026-10-01', users: 1 },
        { day: '2026-10-02', users: 1 },
      ]);
      expect(
        await rows(sql`select to_char(day, 'YYYY-MM-DD') as day, kind, memberships::int from membership_day_stats order by day`),
      ).toEqual([
        { day: '2025-09-01', kind: 'started', memberships: 1 },
        { day: '2026-09-01', kind: 'expired', memberships: 1 },
        { day: '2026-10-01', kind: 'started', memberships: 1 },
      ]);
      expect(await rows(sql`select order_id, paid_at from product_orders order by order_id`)).toEqual([
        { order_id: 'ORD-1', paid_at: new Date('2026-10-01T04:10:00Z') },
        { order_id: 'ORD-2', paid_at: null },
      ]);
      expect(
        await rows(sql`select to_char(day, 'YYYY-MM-DD') as day, shipped::int, ship_seconds::int, delivered::int, deliver_days::int
          from fulfilment_day_stats where shipped <> 0 or delivered <> 0`),
      ).toEqual([{ day: '2026-10-01', shipped: 1, ship_seconds: 2 * 86_400, delivered: 1, deliver_days: 4 }]);
    } finally {
      await database.close();
    }
  });
});
