-- The one-of-each rule counts a variant group's versions as one product (docs/decisions/0021): each order keeps
-- the group its product was in when it was placed. Orders placed before this have none and count by product only.
-- The rule's counts go through orders_member_history: one member's orders are few.
alter table orders add column variant_group text;

-- A digest of the request an idempotency key was first used with, so a repeat with another body is refused rather
-- than answered with an order it did not ask for. Keys claimed before this have none and are not compared.
alter table order_idempotency add column request_digest text;
