-- A member's membership status as payments announces it, kept apart from users: payments' events and identity's
-- come from two sources with no order between them (on a rebuild above all), so the status may arrive before the
-- member's registration. Registration reads it from here.
create table member_subscription_status (
  member_id uuid primary key,
  status text not null
);
