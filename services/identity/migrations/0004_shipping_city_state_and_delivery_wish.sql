-- The account page lets a member edit their shipping details at any time, with the city and state the order form
-- asks for (docs/decisions/0116). Members saved before have neither: the form asks for them on the next edit.
alter table members add column city text;
alter table members add column state text;

-- A member whose pincode deliveries have not reached asks to be told when they do: which pincode, and when. Only
-- recorded for now; the mail that answers it is future work.
alter table members add column delivery_notify_pincode text;
alter table members add column delivery_notify_requested_at timestamptz;
