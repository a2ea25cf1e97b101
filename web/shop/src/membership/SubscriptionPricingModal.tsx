import { SUBSCRIPTION_PRICE } from '@elts/contracts';
import { Button, formatRupees, Modal } from '@elts/ui';
import { MEMBERSHIP_COPY } from './copy.js';

const ROWS: Array<[string, string]> = [
  ['Annual membership', formatRupees(SUBSCRIPTION_PRICE.basePaise)],
  [`GST (${SUBSCRIPTION_PRICE.gstPercent}%)`, formatRupees(SUBSCRIPTION_PRICE.gstPaise)],
  ['Delivery charges', 'Free'],
];

/** The price of a year (spec section 9) and the button that starts paying for it. */
export function SubscriptionPricingModal({
  open,
  onClose,
  onPay,
  paying,
  payDisabled,
}: {
  open: boolean;
  onClose: () => void;
  onPay: () => void;
  paying: boolean;
  payDisabled: boolean;
}) {
  const total = formatRupees(SUBSCRIPTION_PRICE.totalPaise);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={MEMBERSHIP_COPY.modals.pricing}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onPay} busy={paying} disabled={payDisabled}>
            PROCEED TO PAY {total}
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-ink-100">
        {ROWS.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-3">
            <dt>{label}</dt>
            <dd className="font-semibold text-ink-950">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 py-3 text-lg">
          <dt className="font-bold text-ink-950">Total</dt>
          <dd className="font-extrabold text-ink-950">{total}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm">
        You pay by approving a UPI AutoPay mandate: {total} today, then once a year while auto-renewal is on, with a notice at least 24
        hours before each deduction. The fee comes back to you as an additional discount on your purchases.
      </p>
    </Modal>
  );
}
