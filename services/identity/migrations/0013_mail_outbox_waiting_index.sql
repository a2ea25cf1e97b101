-- The mail delivery pass claims rows that are pending, or sending with a claim gone stale (a sender that died,
-- store/outbox-claims.ts). The index of 0001 held pending rows only, so it could not serve that query, and every pass
-- read every mail ever queued: 1,604 sequential scans over 1.58 million rows in one drop bench. Like the push and
-- WhatsApp outboxes' (0009), this one holds both waiting states, in the claim's order.
create index mail_outbox_waiting on mail_outbox (created_at) where status in ('pending', 'sending');
drop index mail_outbox_pending;
