import type { Kysely } from 'kysely';
import type { OrdersDb } from './tables.js';

/** Adds the member as a buyer with no profession and no membership, unless they are one already. */
export async function ensureBuyer(db: Kysely<OrdersDb>, memberId: string): Promise<void> {
  await db
    .insertInto('member_buyers')
    .values({ member_id: memberId, profession: null, gst: '', subscription_status: 'none', firstname: null, lastname: null, email: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setBuyerPersona(
  db: Kysely<OrdersDb>,
  memberId: string,
  persona: { profession: string | null; gst: string },
): Promise<void> {
  await db
    .updateTable('member_buyers')
    .set({ profession: persona.profession, gst: persona.gst })
    .where('member_id', '=', memberId)
    .execute();
}

export async function setBuyerSubscriptionStatus(db: Kysely<OrdersDb>, memberId: string, status: string): Promise<void> {
  await db.updateTable('member_buyers').set({ subscription_status: status }).where('member_id', '=', memberId).execute();
}

/** Everything known of the member as a buyer, if anything is. */
export function findBuyer(db: Kysely<OrdersDb>, memberId: string) {
  return db.selectFrom('member_buyers').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Whether the member's membership is active (credits can be spent, orders placed). */
export async function membershipActive(db: Kysely<OrdersDb>, memberId: string): Promise<boolean> {
  return (await findBuyer(db, memberId))?.subscription_status === 'active';
}

/** The member's profession and GSTIN, if known. */
export function buyerPersona(db: Kysely<OrdersDb>, memberId: string) {
  return db.selectFrom('member_buyers').select(['profession', 'gst']).where('member_id', '=', memberId).executeTakeFirst();
}

/** The account's name and email, as identity last told them. */
export async function setBuyerContact(
  db: Kysely<OrdersDb>,
  memberId: string,
  contact: { firstname: string; lastname: string; email: string },
): Promise<void> {
  await db.updateTable('member_buyers').set(contact).where('member_id', '=', memberId).execute();
}

/** The account names and emails of these members, by member id. */
export async function buyerContacts(db: Kysely<OrdersDb>, memberIds: string[]) {
  if (memberIds.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await db
    .selectFrom('member_buyers')
    .select(['member_id', 'firstname', 'lastname', 'email'])
    .where('member_id', 'in', memberIds)
    .where('email', 'is not', null)
    .execute();
  return new Map(
    rows.map((row) => [row.member_id, { name: `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim(), email: row.email ?? '' }]),
  );
}
