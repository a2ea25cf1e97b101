import { fileURLToPath } from 'node:url';
import { loadMigrations, migrate, platformMigrations, sql } from '@elts/platform';
import { openTestDatabase } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';

const REFUND_DAYS = '0013_refund_days_and_drop_stock';

describe('migration 0013, refunds on the day they were made (decision 0170)', () => {
  it('dates each refund known by its own row, and money given back without one by its payment', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const db = database.forSchema('admin_bff');
      const own = await loadMigrations(fileURLToPath(new URL('../migrations', import.meta.url)));
      await migrate(db, 'admin_bff', [...(await platformMigrations()), ...own.filter((migration) => migration.id < REFUND_DAYS)]);
      const payment = (id: string, orderId: string, type: string, status: string, amount: number, refunded: number, at: string) =>
        sql`insert into payments (payment_id, order_id, member_id, amount_paise, currency, payment_type, purpose, status,
            refunded_paise, created_at, processed_at)
          values (${id}, ${orderId}, gen_random_uuid(), ${amount}, 'INR', ${type}, ${type === 'refund' ? 'refund' : type}, ${status},
            ${refunded}, ${at}, ${at})`.execute(db);
      // An order paid on 1 October and refunded ₹300 on the 3rd by a refund with its row; another refunded before refunds
      // had rows (₹200, no row), and a refund still pending, which is no money back yet.
      await payment('PAY-1', 'ORD-1', 'product_order', 'success', 100_000, 30_000, '2026-10-01T06:00:00Z');
      await payment('RF-1', 'ORD-1', 'refund', 'success', 30_000, 0, '2026-10-03T06:00:00Z');
      await payment('PAY-2', 'ORD-2', 'product_order', 'success', 50_000, 20_000, '2026-10-02T06:00:00Z');
      await payment('RF-3', 'ORD-3', 'refund', 'pending', 10_000, 0, '2026-10-04T06:00:00Z');
      await migrate(db, 'admin_bff', [...(await platformMigrations()), ...own.filter((migration) => migration.id <= REFUND_DAYS)]);
      const days = await sql<{ day: string; refunds: string; amount_paise: string }>`
        select day::text, refunds::text, amount_paise::text from refund_day_stats order by day`.execute(db);
      expect(days.rows).toEqual([
        { day: '2026-10-02', refunds: '1', amount_paise: '20000' },
        { day: '2026-10-03', refunds: '1', amount_paise: '30000' },
      ]);
    } finally {
      await database.close();
    }
  });
});
