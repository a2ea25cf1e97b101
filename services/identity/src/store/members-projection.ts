import type { Profile, SubscriptionStatus } from '@elts/contracts';
import type { StoredEvent } from '@elts/platform';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { onboardingProgress } from '../domain/member.js';
import type { IdentityDb, MembersTable } from './tables.js';

/** Applies one of a member's events to the members table, in the transaction that appended it. */
export async function projectMemberEvent(trx: Transaction<IdentityDb>, event: StoredEvent): Promise<void> {
  const data = event.data as Record<string, any>;
  const at = event.recordedAt;
  switch (event.type) {
    case 'MemberRegistered':
      await trx
        .insertInto('members')
        .values({
          id: data.memberId,
          member_number: data.memberNumber,
          email: data.email,
          sign_in_email: data.email,
          provider_issuer: data.identityProvider.issuer,
          provider_subject: data.identityProvider.subject,
          firstname: data.firstname,
          lastname: data.lastname,
          profile_image: data.profileImage,
          invitation_code: data.invitationCode,
          gst: '',
          need_list: [],
          greed_list: [],
          hide_from_wall: false,
          shipping_done: false,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      return;
    case 'PersonalDetailsUpdated':
      return update(trx, data.memberId, at, {
        gender: data.gender,
        dob: data.dob,
        firstname: data.firstname,
        lastname: data.lastname,
        mobile: data.mobile,
        email: data.email,
      });
    case 'PersonaChosen':
      return update(trx, data.memberId, at, { profession: data.profession, subscription_type: data.subscriptionType, gst: data.gst });
    case 'ListsUpdated':
      return update(trx, data.memberId, at, { need_list: data.needList, greed_list: data.greedList });
    case 'ShippingDetailsUpdated':
      return update(trx, data.memberId, at, {
        address: data.address,
        profession_address: data.professionAddress,
        pincode: data.pincode,
        // Events recorded before the account page took a city and state carry neither.
        city: data.city ?? null,
        state: data.state ?? null,
        shipping_done: data.pincode !== null,
      });
    case 'DeliveryAreaNotifyRequested':
      return update(trx, data.memberId, at, { delivery_notify_pincode: data.pincode, delivery_notify_requested_at: at });
    case 'WallVisibilityChanged':
      return update(trx, data.memberId, at, { hide_from_wall: data.hidden });
  }
}

async function update(trx: Transaction<IdentityDb>, memberId: string, at: Date, values: Partial<MembersTable>): Promise<void> {
  await trx
    .updateTable('members')
    .set({ ...values, updated_at: at } as never)
    .where('id', '=', memberId)
    .execute();
}

export class MembersView {
  constructor(private readonly db: Kysely<IdentityDb>) {}

  byId(memberId: string) {
    return this.db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
  }

  byProvider(issuer: string, subject: string) {
    return this.db
      .selectFrom('members')
      .selectAll()
      .where('provider_issuer', '=', issuer)
      .where('provider_subject', '=', subject)
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A member's row, subscription status and any contact address waiting for confirmation at `now`, in one read (the
   * profile is asked for on every page a member opens).
   */
  async withSubscription(
    memberId: string,
    now: Date,
  ): Promise<{ row: MembersTable; status: SubscriptionStatus; pending: PendingContacts } | undefined> {
    const pending = (eb: ExpressionBuilder<IdentityDb, 'members'>, channel: 'email' | 'mobile') =>
      eb
        .selectFrom('contact_confirmations')
        .select('contact_confirmations.address')
        .whereRef('contact_confirmations.member_id', '=', 'members.id')
        .where('contact_confirmations.channel', '=', channel)
        .where('contact_confirmations.used_at', 'is', null)
        .where('contact_confirmations.expires_at', '>', now)
        .orderBy('contact_confirmations.created_at', 'desc')
        .limit(1);
    const found = await this.db
      .selectFrom('members')
      .leftJoin('member_subscriptions', 'member_subscriptions.member_id', 'members.id')
      .selectAll('members')
      .select('member_subscriptions.status as subscription_status')
      .select((eb) => [pending(eb, 'email').as('pending_email'), pending(eb, 'mobile').as('pending_mobile')])
      .where('members.id', '=', memberId)
      .executeTakeFirst();
    if (!found) return undefined;
    const { subscription_status: status, pending_email: email, pending_mobile: mobile, ...row } = found;
    return {
      row: row as MembersTable,
      status: (status as SubscriptionStatus | null) ?? 'none',
      pending: { email: email ?? null, mobile: mobile ?? null },
    };
  }

  async subscriptionStatus(memberId: string): Promise<SubscriptionStatus> {
    const row = await this.db.selectFrom('member_subscriptions').select('status').where('member_id', '=', memberId).executeTakeFirst();
    return (row?.status as SubscriptionStatus | undefined) ?? 'none';
  }

  /** The first `size` members by number who have not hidden their name, a page at a time. */
  async wall(size: number, page: number, limit: number) {
    const visible = this.db.selectFrom('members').where('member_number', '<=', size).where('hide_from_wall', '=', false);
    const [rows, total] = await Promise.all([
      visible
        .select(['member_number', 'firstname', 'lastname'])
        .orderBy('member_number')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      visible.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}

/** The spec's profile shape (`data[0]` of get-profile) from a members row. */
/** The contact addresses a member asked for that wait for their links. */
export interface PendingContacts {
  email: string | null;
  mobile: string | null;
}

export function toProfile(
  row: MembersTable,
  subscriptionStatus: SubscriptionStatus,
  pending: PendingContacts = { email: null, mobile: null },
): Profile {
  const dob = row.dob;
  const state = {
    firstname: row.firstname,
    lastname: row.lastname,
    gender: row.gender,
    dob,
    mobile: row.mobile,
    email: row.email,
    profession: row.profession,
    subscriptionType: row.subscription_type,
    needList: row.need_list,
    pincode: row.pincode,
  };
  return {
    id: row.id,
    member_number: row.member_number,
    firstname: row.firstname,
    lastname: row.lastname,
    gender: row.gender as Profile['gender'],
    dob,
    mobile: row.mobile,
    email: row.email,
    pendingEmail: pending.email,
    pendingMobile: pending.mobile,
    address: row.address,
    city: row.city,
    state: row.state,
    professionAddress: row.profession_address,
    pincode: row.pincode ? Number(row.pincode) : null,
    // A wish for an earlier pincode is not one for the member's area now.
    deliveryAreaNotifyPincode: row.pincode && row.delivery_notify_pincode === row.pincode ? Number(row.pincode) : null,
    profession: row.profession as Profile['profession'],
    subscriptionType: row.subscription_type as Profile['subscriptionType'],
    needList: row.need_list.join(','),
    greedList: row.greed_list.join(','),
    gst: row.gst,
    subscription_status: subscriptionStatus,
    profile_image: row.profile_image,
    hideFromWall: row.hide_from_wall,
    onboarding: onboardingProgress(state as never),
    created_at: row.created_at.toISOString(),
  };
}
