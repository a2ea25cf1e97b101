import type { Kysely } from 'kysely';
import type { PaymentsDb } from './tables.js';

/** Records a webhook delivery; true when it is new, false when it was received before. */
export async function recordWebhookReceipt(
  db: Kysely<PaymentsDb>,
  receipt: { id: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const fresh = await db
    .insertInto('webhook_receipts')
    .values({ id: receipt.id, type: receipt.type, received_at: receipt.receivedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(fresh);
}

/** Forgets a webhook delivery, so the gateway's next delivery of it is processed. */
export async function forgetWebhookReceipt(db: Kysely<PaymentsDb>, id: string): Promise<void> {
  await db.deleteFrom('webhook_receipts').where('id', '=', id).execute();
}
