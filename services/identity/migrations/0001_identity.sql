-- Members as the service reads them: a projection of the member streams, updated with each append.
create table members (
  id uuid primary key,
  member_number integer not null unique,
  email text not null,
  provider_issuer text not null,
  provider_subject text not null,
  firstname text not null default '',
  lastname text not null default '',
  gender text,
  dob date,
  mobile text,
  address text,
  profession_address text,
  pincode text,
  profession text,
  subscription_type text,
  gst text not null default '',
  need_list text[] not null default '{}',
  greed_list text[] not null default '{}',
  profile_image text,
  hide_from_wall boolean not null default false,
  shipping_done boolean not null default false,
  invitation_code text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint members_provider_unique unique (provider_issuer, provider_subject)
);
create unique index members_email_unique on members (lower(email));

-- Subscription state kept from the payments service's events (the giveaway is for active subscribers).
create table member_subscriptions (
  member_id uuid primary key,
  subscription_id text not null,
  status text not null,
  valid_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Opaque session tokens, stored only as SHA-256 hashes. Revocation takes effect on the next request anywhere.
create table sessions (
  id uuid primary key,
  token_hash bytea not null unique,
  realm text not null check (realm in ('member', 'admin')),
  subject_id uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_subject on sessions (realm, subject_id) where revoked_at is null;

create table admins (
  id uuid primary key,
  username text not null,
  password_hash text not null,
  failed_attempts integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now()
);
create unique index admins_username_unique on admins (lower(username));

create table invitations (
  code text primary key,
  created_by_kind text not null check (created_by_kind in ('member', 'admin')),
  created_by text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  redeemed_by uuid,
  redeemed_at timestamptz
);
create index invitations_creator on invitations (created_by_kind, created_by, created_at);

create table giveaway_entries (
  member_id uuid primary key,
  passed boolean not null,
  entered_at timestamptz not null
);

-- Every message the product sends; a dispatcher delivers pending ones by SMTP when it is configured.
create table mail_outbox (
  id uuid primary key,
  dedupe_key text unique,
  recipient text not null,
  subject text not null,
  body_text text not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'logged', 'failed')),
  attempts integer not null default 0,
  claimed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_pending on mail_outbox (created_at) where status = 'pending';

-- The development identity provider's signing key, shared by every instance of the service.
create table dev_idp_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
