-- Who holds a running step's claim: the instance's name, kept across its restarts (`orders#2`, decision 0080), and
-- the run of it that claimed it. A restarted instance takes back at once the claims of its earlier runs (it died
-- running them); another instance's claim is taken only once it is older than the scheduler's lease.
alter table scheduled_jobs add column claimed_by text;
alter table scheduled_jobs add column claimed_in_run text;
