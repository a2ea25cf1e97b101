-- The account's name and email of each buyer, from identity's events (consumer orders.buyer-contacts): the operators'
-- exchange queue names the member as their account does, not as they typed it into one order's delivery form.
alter table member_buyers
  add column firstname text,
  add column lastname text,
  add column email text;
