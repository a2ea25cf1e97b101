import type { EventTables } from '@elts/platform';
import type { Generated } from 'kysely';
import type { PushTables } from './web-push.js';
import type { WhatsAppTables } from './whatsapp.js';

export interface MembersTable {
  id: string;
  member_number: number;
  /** The confirmed contact address (mail goes here). Sign-in never reads it. */
  email: string;
  /** The address the identity provider verified at registration: early access and sign-in conflicts go by it. */
  sign_in_email: string;
  provider_issuer: string;
  provider_subject: string;
  firstname: string;
  lastname: string;
  gender: string | null;
  dob: string | null;
  mobile: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  profession_address: string | null;
  pincode: string | null;
  /** The pincode a member outside the delivery areas asked to be told about, and when. */
  delivery_notify_pincode: string | null;
  delivery_notify_requested_at: Date | null;
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
  alert_preferences: {
    member_id: string;
    need_list: boolean;
    greed_list: boolean;
    email: boolean;
    inbox: boolean;
    push: boolean;
    whatsapp: boolean;
    quiet_from: string;
    quiet_until: string;
    wake_at_opening: boolean;
    muted_items: string[];
    unsubscribe_key: string;
    updated_at: Date;
  };
  push_subscriptions: PushTables['push_subscriptions'];
  push_outbox: PushTables['push_outbox'];
  vapid_keys: PushTables['vapid_keys'];
  whatsapp_opt_ins: WhatsAppTables['whatsapp_opt_ins'];
  whatsapp_outbox: WhatsAppTables['whatsapp_outbox'];
  whatsapp_statuses: WhatsAppTables['whatsapp_statuses'];
  alert_sends: { member_id: string; drop_id: string; moment: string; sent_at: Date };
  alert_clicks: { member_id: string; drop_id: string; moment: string; channel: string; clicked_at: Date };
  alert_unsubscribes: { id: string; member_id: string; drop_id: string | null; channel: string; item: string | null; at: Date };
  alert_inbox: {
    id: string;
    member_id: string;
    dedupe_key: string;
    title: string;
    body: string;
    link: string;
    created_at: Date;
    read_at: Date | null;
  };
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
    created_at: Generated<Date>;
  };
  admin_sign_in_failures: {
    kind: 'username' | 'client';
    subject: string;
    failures: number;
    last_failure_at: Date;
    locked_until: Date | null;
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
  giveaway_prizes: {
    slot: number;
    product_id: string | null;
    name: string;
    description: string;
    image_url: string | null;
    set_at: Date;
    set_by: string;
  };
  giveaway_draw: {
    id: Generated<number>;
    seed: string;
    method: string;
    entrant_count: number;
    entrants_digest: string;
    drawn_at: Date;
    drawn_by: string;
  };
  giveaway_winners: { slot: number; member_id: string };
  /** Links mailed to a new contact address; only the token's SHA-256 is kept. */
  contact_confirmations: {
    token_hash: Buffer;
    member_id: string;
    channel: 'email' | 'mobile';
    address: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
  processed_events: { consumer: string; event_id: string; processed_at: Generated<Date> };
}
