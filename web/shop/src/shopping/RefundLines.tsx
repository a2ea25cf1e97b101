import { indianDate, ORDER_REFUND_KIND_LABELS, ORDER_REFUND_STATE_LABELS } from '@elts/contracts';
import { ApiError, Button, formatRupees, StatusBadge } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type OrderRefundLine, takeRefundAsCredits } from '../api/orders.js';
import { useCurrentSubscription } from '../api/subscription.js';

/** What the member reads about one refund: where the money is, in a sentence. */
function refundSentence(refund: OrderRefundLine): string {
  const settled = refund.settled_at ? indianDate(new Date(refund.settled_at)) : undefined;
  if (refund.method === 'credits')
    return settled ? `Added to your membership credit on ${settled}.` : 'Being added to your membership credit.';
  if (refund.state === 'refunded') return `Returned to your original payment method${settled ? ` on ${settled}` : ''}.`;
  if (refund.state === 'refunding') return 'On its way to your original payment method: refunds reach you within 15 days.';
  if (refund.retry === 'fund_transfer') return 'Your bank did not accept this refund, so we are sending it again.';
  if (refund.retry === 'credits') return 'Your bank did not accept this refund, so it was added to your membership credit instead.';
  return 'Your bank did not accept this refund. Our team will send it again, or you can take it as membership credit now.';
}

/**
 * Every refund of an order (issue 32), whatever caused it, with where the money is: on the order page in full, with
 * a way to take a failed one as credits (with an active membership, which credits need); on a history card in a line
 * each (`compact`).
 */
export function RefundLines({ orderId, refunds, compact = false }: { orderId?: string; refunds: OrderRefundLine[]; compact?: boolean }) {
  if (refunds.length === 0) return null;
  return (
    <section aria-label="Refunds" className={compact ? 'mt-4 grid gap-2' : 'mt-6 grid gap-3'}>
      {!compact && <h3 className="font-bold text-ink-950">Refunds</h3>}
      {refunds.map((refund) => (
        <div key={refund.refund_id} className={compact ? 'text-sm text-ink-800' : 'rounded-2xl p-4 ring-1 ring-ink-100'}>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-950">
            {formatRupees(refund.amount_paise)} · {ORDER_REFUND_KIND_LABELS[refund.kind]}
            <StatusBadge status={refund.state} label={ORDER_REFUND_STATE_LABELS[refund.state]} />
          </p>
          <p className="mt-1 text-sm text-ink-700">{refundSentence(refund)}</p>
          {!compact && orderId && refund.state === 'refund_failed' && !refund.retry && <TakeAsCredits orderId={orderId} refund={refund} />}
        </div>
      ))}
    </section>
  );
}

/** A failed refund taken as membership credit, which only an active membership can spend. */
function TakeAsCredits({ orderId, refund }: { orderId: string; refund: OrderRefundLine }) {
  const client = useQueryClient();
  const membership = useCurrentSubscription();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (membership.data?.subscription?.status !== 'active') return null;
  const take = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await takeRefundAsCredits(orderId, refund.refund_id);
      await client.invalidateQueries({ queryKey: ['product-order', orderId] });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Failed to save your choice. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3">
      <Button size="sm" variant="secondary" busy={busy} onClick={() => void take()}>
        Take it as credits
      </Button>
      {failure && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
