-- Failed admin sign-ins, counted per username (an account that exists or not, so the answers never tell which) and
-- per client address (so one client cannot spray guesses across usernames). Kept here, not in memory, so a lock
-- holds across restarts and on every instance. See services/identity/src/commands/admin-sign-in-failures.ts.
create table admin_sign_in_failures (
  kind text not null check (kind in ('username', 'client')),
  subject text not null,
  failures integer not null,
  last_failure_at timestamptz not null,
  locked_until timestamptz,
  primary key (kind, subject)
);
create index admin_sign_in_failures_last on admin_sign_in_failures (last_failure_at);

-- Counts and locks in force move over; the account row no longer keeps them.
insert into admin_sign_in_failures (kind, subject, failures, last_failure_at, locked_until)
  select 'username', lower(username), failed_attempts, now(), locked_until
  from admins
  where failed_attempts > 0 or locked_until > now();
alter table admins drop column failed_attempts;
alter table admins drop column locked_until;
