import type { DataOf, OperationTable } from '@elts/contracts';
import { Button, Checkbox, formatDate, formatRupees, Modal, StatusBadge, TextArea, useToast } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useRefreshProfile } from '../api/profile.js';
import {
  cancelSubscription,
  type MemberSubscription,
  SUBSCRIPTION_DETAILS_QUERY_KEY,
  toggleAutoRenewal,
  useReloadSubscription,
  useSubscriptionDetails,
} from '../api/subscription.js';
import { MEMBERSHIP_COPY } from './copy.js';
import { FactList } from './FactList.js';
import { exactPaiseOf, subscriptionStatusLook } from './subscription-status.js';

const date = (value: string | null | undefined) => (value ? formatDate(value) : undefined);
const rupees = (amount: number | null | undefined, paise?: number) => {
  const exact = exactPaiseOf(amount, paise);
  return exact === undefined ? undefined : formatRupees(exact);
};
const upper = (value: string | null | undefined) => value?.toUpperCase() || undefined;

function Rows({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
  return (
    <section className="mt-5 first:mt-0">
      <h3 className="text-sm font-bold tracking-wider text-ink-500 uppercase">{title}</h3>
      <FactList rows={rows} className="mt-2" />
    </section>
  );
}

const ENDABLE = new Set(['active', 'pending']);

/**
 * Everything about the subscription, with the member's own controls: the auto-renewal switch and cancelling (the
 * spec's shopper calls). REVOKE MANDATE sits on the panel itself.
 */
export function SubscriptionDetailsModal({
  subscription,
  open,
  onClose,
}: {
  subscription: MemberSubscription;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const client = useQueryClient();
  const reloadSubscription = useReloadSubscription();
  const refreshProfile = useRefreshProfile();
  const details = useSubscriptionDetails(open);
  const [busy, setBusy] = useState<'toggle' | 'cancel'>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [reason, setReason] = useState('');
  // The switch shows the member's choice at once and goes back if the server refuses it.
  const [choosing, setChoosing] = useState<boolean>();

  useEffect(() => {
    if (details.isError) toast({ message: MEMBERSHIP_COPY.toasts.detailsFailed, tone: 'error' });
  }, [details.isError, toast]);
  useEffect(() => {
    if (!open) setConfirmingCancel(false);
  }, [open]);

  const change = async (kind: 'toggle' | 'cancel', call: () => Promise<DataOf<OperationTable['toggleAutoRenewal']>>, failure: string) => {
    setBusy(kind);
    try {
      client.setQueryData(SUBSCRIPTION_DETAILS_QUERY_KEY, await call());
      await reloadSubscription();
      await refreshProfile();
      return true;
    } catch {
      toast({ message: failure, tone: 'error' });
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  const look = subscriptionStatusLook(subscription.status);
  const autoRenewal = choosing ?? details.data?.autoRenewal ?? subscription.auto_renewal ?? false;
  const status = (details.data?.status ?? subscription.status ?? '').toLowerCase();
  const mandate = subscription.mandate;
  const payment = subscription.latest_payment;

  return (
    <Modal open={open} onClose={onClose} title={MEMBERSHIP_COPY.modals.details} size="lg">
      <Rows
        title="Plan"
        rows={[
          ['Status', <StatusBadge key="status" status={subscription.status} label={look.label} tone={look.tone} />],
          ['Plan', [subscription.plan_type, subscription.frequency].filter(Boolean).join(' · ') || undefined],
          ['Amount', rupees(subscription.amount, subscription.amount_paise)],
          ['Start Date', date(subscription.start_date)],
          [MEMBERSHIP_COPY.validUntil, date(subscription.end_date)],
          ['Days Until Expiry', subscription.days_until_expiry ?? undefined],
          ['Renewal Date', date(subscription.renewal_date)],
        ]}
      />
      {payment && (
        <Rows
          title="Latest Payment"
          rows={[
            ['Payment ID', payment.payment_id],
            ['Transaction ID', payment.transaction_id],
            ['Payment Status', upper(payment.status)],
          ]}
        />
      )}
      {mandate && (
        <Rows
          title="UPI AutoPay Mandate"
          rows={[
            ['Mandate ID', mandate.mandate_id],
            ['Mandate Status', upper(mandate.status)],
            ['Maximum Amount', rupees(mandate.max_amount)],
            ['Next Deduction', date(mandate.next_execution_date)],
          ]}
        />
      )}
      {ENDABLE.has(status) && (
        <section className="mt-6 space-y-4 border-t border-ink-100 pt-5">
          <Checkbox
            label="Auto-renewal"
            description="Renew automatically each year through your UPI AutoPay mandate. Switch it off to renew manually."
            checked={autoRenewal}
            disabled={busy !== undefined || details.isPending}
            onChange={(event) => {
              const wanted = event.target.checked;
              setChoosing(wanted);
              void change('toggle', () => toggleAutoRenewal(wanted), MEMBERSHIP_COPY.toasts.autoRenewalFailed).finally(() =>
                setChoosing(undefined),
              );
            }}
          />
          {confirmingCancel ? (
            <div className="space-y-3 rounded-2xl bg-red-50 p-4">
              <p className="font-semibold text-red-900">Cancel your subscription? It ends now and cannot be resumed.</p>
              <TextArea label="Reason (optional)" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
              <div className="flex flex-wrap gap-3">
                <Button
                  variant="danger"
                  busy={busy === 'cancel'}
                  onClick={async () => {
                    if (await change('cancel', () => cancelSubscription(reason.trim()), MEMBERSHIP_COPY.toasts.cancelFailed)) onClose();
                  }}
                >
                  CONFIRM CANCELLATION
                </Button>
                <Button variant="secondary" onClick={() => setConfirmingCancel(false)}>
                  Keep Subscription
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setConfirmingCancel(true)} disabled={busy !== undefined}>
                CANCEL SUBSCRIPTION
              </Button>
            </div>
          )}
        </section>
      )}
    </Modal>
  );
}
