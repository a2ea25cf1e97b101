-- A new mobile number is proven as a new contact email is (issue 34): by a single-use link sent to it, here by text
-- message. One table holds both kinds of link, the channel beside the address it is for.
alter table email_confirmations rename to contact_confirmations;
alter table contact_confirmations rename column email to address;
alter table contact_confirmations add column channel text not null default 'email';
alter table contact_confirmations add constraint contact_confirmations_channel check (channel in ('email', 'mobile'));
alter index email_confirmations_member rename to contact_confirmations_member;
