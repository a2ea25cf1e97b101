import { fileURLToPath } from 'node:url';
import { loadMigrations, migrate, platformMigrations, sql } from '@elts/platform';
import { openTestDatabase } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';

const PURPOSE_MIGRATION = '0008_payment_purpose';

describe('migration 0008, the payments read model gains each purpose', () => {
  it('gives payments already listed theirs: the order, a renewal charge named after its membership, a first payment', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const db = database.forSchema('admin_bff');
      const own = await loadMigrations(fileURLToPath(new URL('../migrations', import.meta.url)));
      const before = own.filter((migration) => migration.id < PURPOSE_MIGRATION);
      await migrate(db, 'admin_bff', [...(await platformMigrations()), ...before]);
      const payment = (paymentId: string, orderId: string, paymentType: string) =>
        sql`insert into payments (payment_id, order_id, member_id, amount_paise, currency, payment_type, status, created_at)
          values (${paymentId}, ${orderId}, gen_random_uuid(), 117882, 'INR', ${paymentType}, 'pending', now())`.execute(db);
      await payment('PAY-ORDER', 'ORD-0A1B2C3D4E5F', 'product_order');
      await payment('PAY-FIRST', 'MEM-0A1B2C3D4E5F', 'subscription');
      await payment('MEM-0A1B2C3D4E5F-C1-A2', 'MEM-0A1B2C3D4E5F', 'subscription');
      await migrate(db, 'admin_bff', [...(await platformMigrations()), ...own.filter((migration) => migration.id <= PURPOSE_MIGRATION)]);
      const rows = await sql<{ payment_id: string; purpose: string }>`select payment_id, purpose from payments order by payment_id`.execute(
        db,
      );
      expect(rows.rows).toEqual([
        { payment_id: 'MEM-0A1B2C3D4E5F-C1-A2', purpose: 'renewal' },
        { payment_id: 'PAY-FIRST', purpose: 'membership' },
        { payment_id: 'PAY-ORDER', purpose: 'product_order' },
      ]);
    } finally {
      await database.close();
    }
  });
});
