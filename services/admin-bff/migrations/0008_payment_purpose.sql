-- The back office decides "at risk" by one rule from the settings (decision 0043) instead of keeping the workflow's
-- flag: it needs each payment's purpose, because a renewal charge (a UPI AutoPay debit, pending for a day by design)
-- never times out and so is never at risk. Payments already listed get theirs from what the payments service
-- records: a product order's payment is for the order; a renewal charge is named after its membership,
-- `{subscription id}-C{cycle}-A{attempt}`, and the membership is its order id; any other is a membership's first.
alter table payments add column purpose text;
update payments set purpose = case
  when payment_type = 'product_order' then 'product_order'
  when starts_with(payment_id, order_id || '-C') then 'renewal'
  else 'membership'
end;
alter table payments alter column purpose set not null;
alter table payments drop column at_risk;
