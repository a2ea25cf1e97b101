import type { EventTables } from '@elts/platform';
import type { Generated } from 'kysely';

export interface MembersTable {
  id: string;
  member_number: number;
  email: string;
  provider_issuer: string;
  provider_subject: string;
  firstname: string;
  lastname: string;
  gender: string | null;
  dob: string | null;
  mobile: string | null;
  address: string | null;
  profession_address: string | null;
  pincode: string | null;
  profession: string | null;
  subscription_type: string | null;
  gst: string;
  need_list: string[];
  greed_list: string[];
  profile_image: string | null;
  hide_from_wall: boolean;
  shipping_done: boolean;
  invitation_code: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface IdentityDb extends EventTables {
  members: MembersTable;
  member_subscriptions: {
    member_id: string;
    subscription_id: string;
    status: string;
    valid_until: Date | null;
    updated_at: Generated<Date>;
  };
  admins: {
    id: string;
    username: string;
    password_hash: string;
    failed_attempts: Generated<number>;
    locked_until: Date | null;
    created_at: Generated<Date>;
  };
  invitations: {
    code: string;
    created_by_kind: 'member' | 'admin';
    created_by: string;
    created_at: Date;
    expires_at: Date;
    redeemed_by: string | null;
    redeemed_at: Date | null;
  };
  giveaway_entries: { member_id: string; passed: boolean; entered_at: Date };
  processed_events: { consumer: string; event_id: string; processed_at: Generated<Date> };
}
