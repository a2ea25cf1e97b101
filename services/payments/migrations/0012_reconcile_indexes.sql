-- Reconciliation (every five minutes, commands/reconcile.ts) looks for membership payments and renewal charges that
-- succeeded in the last three days with neither the activation or renewal they pay for nor a refund recorded. It
-- read every payment and every event of the service to find them: a partial index of settled membership money by
-- when it settled, and one of the activations and renewals by the payment they name, let it read those rows alone.
create index payments_settled_membership on payments (processed_at)
  where status = 'success' and purpose in ('membership', 'renewal');
create index events_membership_payment on events ((data ->> 'paymentId'))
  where type in ('SubscriptionActivated', 'SubscriptionRenewed');
