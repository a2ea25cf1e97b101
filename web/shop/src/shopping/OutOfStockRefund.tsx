import {
  formatIndianDay,
  indianDate,
  MEMBERSHIP_CREDIT,
  REFUND_CHOICE_LABELS,
  REFUND_CREDIT,
  type RefundChoice,
  type RefundChooser,
} from '@elts/contracts';
import { Link } from '@elts/router';
import { ApiError, Button, buttonClasses, Card, formatRupees } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { chooseRefund, type OrderDetail, type OrderRefund } from '../api/orders.js';
import { RefundLines } from './RefundLines.js';

const EXPLAINED: Record<RefundChoice, string> = {
  fund_transfer: 'Refunded to your original payment method (UPI, card or net banking), within 15 days.',
  credits: 'Added to your membership credit, to spend on your next orders.',
};

/** What credits buy and until when (issue 32): a share of each later order, while the membership is active. */
const creditsExplained = (until: string) =>
  `Added to your membership credit: it pays up to ${MEMBERSHIP_CREDIT.maxShareOfOrderPercent}% of each order you place ` +
  `while your membership is active, until ${formatIndianDay(until)}.`;

const CHOSEN_BY: Record<RefundChooser, string> = {
  member: '',
  deadline: ' (no choice was made in time)',
  no_membership: ' (credits need an active membership)',
};

const STATE_WORDS: Record<OrderRefund['state'], string> = {
  awaiting_choice: '',
  refunding: 'your refund is on its way.',
  refunded: '',
  refund_failed: 'your bank did not accept the refund (see below).',
};

/**
 * An order an operator cancelled as out of stock (docs/decisions/0024), on the Order Status page the mail links to:
 * until the deadline the member chooses a fund transfer or credits; then the page says which is on its way.
 */
export function OutOfStockRefund({ order }: { order: OrderDetail & { refund: NonNullable<OrderDetail['refund']> } }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<RefundChoice>();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const { refund } = order;
  // Credits only while they can be chosen and spent (an active membership): the server says until when.
  const offered: RefundChoice[] = refund.credits_until ? ['fund_transfer', 'credits'] : ['fund_transfer'];
  const choose = async (choice: RefundChoice) => {
    setBusy(choice);
    setMessage(undefined);
    try {
      setMessage({ tone: 'ok', text: await chooseRefund(order.order_id, choice) });
      await client.invalidateQueries({ queryKey: ['product-order', order.order_id] });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? error.message : 'Failed to save your choice. Please try again.' });
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Card>
      <h2 className="text-2xl font-extrabold text-ink-950">Order Cancelled: Out of Stock</h2>
      <p className="mt-3 text-ink-700">
        We are sorry: {order.product?.name ?? 'the product you ordered'} is out of stock, so we cancelled order {order.order_id}.
      </p>
      <section aria-labelledby="refund-heading" className="mt-5">
        <h3 id="refund-heading" className="font-bold text-ink-950">
          Your refund of {formatRupees(refund.amount_paise)}
        </h3>
        {refund.state === 'awaiting_choice' ? (
          <>
            <p className="mt-2 text-sm text-ink-700">
              Choose by {indianDate(new Date(refund.choice_by))}. Without an answer, it is refunded to your original payment method.
            </p>
            {!refund.credits_until && <p className="mt-2 text-sm text-ink-700">{REFUND_CREDIT.notUsable}</p>}
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {offered.map((choice) => (
                <div key={choice} className="rounded-2xl p-4 ring-1 ring-ink-100">
                  <p className="text-sm text-ink-700">
                    {choice === 'credits' && refund.credits_until ? creditsExplained(refund.credits_until) : EXPLAINED[choice]}
                  </p>
                  <Button className="mt-3" busy={busy === choice} disabled={busy !== undefined} onClick={() => void choose(choice)}>
                    {REFUND_CHOICE_LABELS[choice]}
                  </Button>
                </div>
              ))}
            </div>
          </>
        ) : (
          <p className="mt-2 text-ink-700">
            {REFUND_CHOICE_LABELS[refund.choice ?? 'fund_transfer']}
            {CHOSEN_BY[refund.chosen_by ?? 'member']}:{' '}
            {refund.state === 'refunded' ? EXPLAINED[refund.choice ?? 'fund_transfer'] : STATE_WORDS[refund.state]}
          </p>
        )}
        <RefundLines orderId={order.order_id} refunds={order.refunds ?? []} />
        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={message.tone === 'error' ? 'mt-3 text-red-800' : 'mt-3 text-emerald-800'}
          >
            {message.text}
          </p>
        )}
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/profile?section=orders" className={buttonClasses('primary')}>
          View My Orders
        </Link>
        <Link to="/" className={buttonClasses('secondary')}>
          Go to Home
        </Link>
      </div>
    </Card>
  );
}
