import { COPY } from '@elts/contracts';
import { Button, Card, ErrorState, formatDate, LoadingState, StatusBadge } from '@elts/ui';
import { useState } from 'react';
import { usePincodeServiceability } from '../api/pincode.js';
import { useProfile, useRefreshProfile } from '../api/profile.js';
import { type MemberSubscription, useCurrentSubscription, useReloadSubscription } from '../api/subscription.js';
import { DeliveryAreaNotice } from '../profile/DeliveryAreaNotice.js';
import { MEMBERSHIP_COPY } from './copy.js';
import { MembershipInvoices } from './MembershipInvoices.js';
import { revokeGivesUp } from './membership-credit.js';
import { RevokeMandateModal } from './RevokeMandateModal.js';
import { SubscriptionDetailsModal } from './SubscriptionDetailsModal.js';
import { SubscriptionPricingModal } from './SubscriptionPricingModal.js';
import {
  endedByRevocation,
  type PayAction,
  payActionFor,
  pollableOrderId,
  revocableMandateId,
  subscriptionStatusLook,
} from './subscription-status.js';
import { useMandatePolling } from './use-mandate-polling.js';
import { useStartPayment } from './use-start-payment.js';

type OpenModal = 'pricing' | 'details' | 'revoke' | undefined;

/**
 * The membership part of the profile's Subscription section (spec sections 2 and 4): the current subscription and
 * what the member can do with it, or the way to subscribe.
 */
export function SubscriptionPanel() {
  const current = useCurrentSubscription();
  const profile = useProfile();
  const reloadSubscription = useReloadSubscription();
  const refreshProfile = useRefreshProfile();
  const { serviceability } = usePincodeServiceability(profile.data?.pincode ? String(profile.data.pincode) : '');
  const payment = useStartPayment(profile.data);
  const [modal, setModal] = useState<OpenModal>();
  const subscription = current.data?.subscription ?? null;

  useMandatePolling(pollableOrderId(subscription), () => {
    void reloadSubscription();
    void refreshProfile();
  });

  if (current.isPending) return <LoadingState message={MEMBERSHIP_COPY.loading} />;
  if (current.isError) {
    return <ErrorState message={MEMBERSHIP_COPY.toasts.detailsFailed} onRetry={() => void current.refetch()} />;
  }

  const action = payActionFor(subscription);
  const notServiceable = serviceability === 'not serviceable';
  const close = () => setModal(undefined);

  return (
    <Card as="section" aria-labelledby="membership-heading">
      {subscription ? (
        <CurrentSubscriptionSummary subscription={subscription} onDetails={() => setModal('details')} onRevoke={() => setModal('revoke')} />
      ) : (
        <>
          <h2 id="membership-heading" className="text-xl font-bold text-ink-950">
            Annual membership
          </h2>
          {!notServiceable && <p className="mt-1 text-ink-700">{MEMBERSHIP_COPY.subscribeHint}</p>}
        </>
      )}
      <MembershipInvoices />
      {action && <PayButton action={action} notServiceable={notServiceable} onClick={() => setModal('pricing')} />}
      {/* The disabled button alone would leave the member stuck: say why, where to change it, and offer to tell them. */}
      {action && notServiceable && profile.data?.pincode && (
        <DeliveryAreaNotice profile={{ ...profile.data, pincode: profile.data.pincode }} offerChange />
      )}

      <SubscriptionPricingModal
        open={modal === 'pricing'}
        onClose={close}
        onPay={() => void payment.start()}
        paying={payment.starting}
        payDisabled={notServiceable}
      />
      {subscription && <SubscriptionDetailsModal subscription={subscription} open={modal === 'details'} onClose={close} />}
      <RevokeMandateModal
        mandateId={revocableMandateId(subscription)}
        givesUp={revokeGivesUp(subscription?.end_date ?? null, current.data?.credit_balance_paise ?? 0, new Date())}
        open={modal === 'revoke'}
        onClose={close}
      />
    </Card>
  );
}

function CurrentSubscriptionSummary({
  subscription,
  onDetails,
  onRevoke,
}: {
  subscription: MemberSubscription;
  onDetails: () => void;
  onRevoke: () => void;
}) {
  const look = subscriptionStatusLook(subscription.status);
  const revoked = endedByRevocation(subscription);
  return (
    <>
      <h2 id="membership-heading" className="text-sm font-bold tracking-[0.15em] text-brand-700">
        {MEMBERSHIP_COPY.currentSubscription}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3">
        <dt className="text-sm font-semibold text-ink-600">Status</dt>
        <dd>
          <StatusBadge status={subscription.status} label={look.label} tone={look.tone} />
        </dd>
        {!revoked && (
          <>
            <dt className="text-sm font-semibold text-ink-600">{MEMBERSHIP_COPY.validUntil}</dt>
            <dd className="font-semibold text-ink-950">{subscription.end_date ? formatDate(subscription.end_date) : 'N/A'}</dd>
          </>
        )}
      </dl>
      {revoked && <p className="mt-4 text-ink-700">{COPY.membership.revoked}</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onDetails}>
          {MEMBERSHIP_COPY.viewDetails}
        </Button>
        {revocableMandateId(subscription) && (
          <Button variant="danger" onClick={onRevoke}>
            {MEMBERSHIP_COPY.revokeMandate}
          </Button>
        )}
      </div>
    </>
  );
}

function PayButton({ action, notServiceable, onClick }: { action: PayAction; notServiceable: boolean; onClick: () => void }) {
  return (
    <div className="mt-6">
      <Button
        variant="accent"
        size="lg"
        disabled={notServiceable}
        onClick={onClick}
        aria-describedby={notServiceable ? 'membership-pay-note' : undefined}
      >
        {action}
      </Button>
      {notServiceable && (
        <p id="membership-pay-note" role="status" className="mt-2 font-semibold text-red-800">
          {MEMBERSHIP_COPY.notServiceable}
        </p>
      )}
    </div>
  );
}
