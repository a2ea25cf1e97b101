import type { Kysely } from 'kysely';
import type { PaymentsDb } from './tables.js';

export function findMemberProfile(db: Kysely<PaymentsDb>, memberId: string) {
  return db.selectFrom('member_profiles').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Adds a newly registered member's profile, unless one is kept already. */
export async function insertMemberProfile(
  db: Kysely<PaymentsDb>,
  member: { memberId: string; email: string; firstname: string; lastname: string },
): Promise<void> {
  await db
    .insertInto('member_profiles')
    .values({
      member_id: member.memberId,
      email: member.email,
      firstname: member.firstname,
      lastname: member.lastname,
      mobile: null,
      address: null,
      profession_address: null,
      pincode: null,
      gst: '',
    })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

export async function setMemberPersonalDetails(
  db: Kysely<PaymentsDb>,
  memberId: string,
  details: { email: string; firstname: string; lastname: string; mobile: string | null },
): Promise<void> {
  await db
    .updateTable('member_profiles')
    .set({ email: details.email, firstname: details.firstname, lastname: details.lastname, mobile: details.mobile })
    .where('member_id', '=', memberId)
    .execute();
}

export async function setMemberGst(db: Kysely<PaymentsDb>, memberId: string, gst: string): Promise<void> {
  await db.updateTable('member_profiles').set({ gst }).where('member_id', '=', memberId).execute();
}

export async function setMemberShippingDetails(
  db: Kysely<PaymentsDb>,
  memberId: string,
  details: { address: string | null; professionAddress: string | null; pincode: string | null },
): Promise<void> {
  await db
    .updateTable('member_profiles')
    .set({ address: details.address, profession_address: details.professionAddress, pincode: details.pincode })
    .where('member_id', '=', memberId)
    .execute();
}
