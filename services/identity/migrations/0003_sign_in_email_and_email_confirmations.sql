-- The address a member signs in with, as their identity provider verified it, apart from the contact address
-- (`email`) the member may change (docs/decisions/0018). Until now a profile edit changed the one address sign-in
-- also matched on, so an existing member's sign-in email is the address they registered with: their
-- MemberRegistered event has it. The current address stands in only if that event were missing.
alter table members add column sign_in_email text;
update members m set sign_in_email = coalesce(
  (select e.data->>'email' from events e where e.stream_id = 'member-' || m.id::text and e.type = 'MemberRegistered' limit 1),
  m.email
);
alter table members alter column sign_in_email set not null;
-- Not unique: before this change a member could give up their registration address and another register with it.
-- Registration checks for a holder under the member-number lock instead.
create index members_sign_in_email on members (lower(sign_in_email));

-- The contact address is proven by a link mailed to it, and sign-in never reads it: the same person may give it on
-- two accounts, and a taken address must not be told apart from a free one.
drop index members_email_unique;
create index members_email on members (lower(email));

-- Links mailed to a new contact address: single use, expiring, only the SHA-256 of the token kept.
create table email_confirmations (
  token_hash bytea primary key,
  member_id uuid not null,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_confirmations_member on email_confirmations (member_id, created_at);
