import {
  EXCHANGE_POLICY,
  EXCHANGE_REASON_LABELS,
  EXCHANGE_REASONS,
  EXCHANGE_STATE_LABELS,
  type ExchangeReason,
  type ExchangeView,
  formatIndianDay,
  paiseOf,
} from '@elts/contracts';
import { ApiError, Button, formatDate, formatRupees, Select, StatusBadge, TextArea } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useVariants } from '../api/catalog.js';
import { type OrderDetail, requestExchange } from '../api/orders.js';
import { DetailRows } from './DetailRows.js';
import { FulfilmentTimeline } from './FulfilmentTimeline.js';
import { versionLabels } from './variant-labels.js';

/**
 * Exchanges on the Order Status page (docs/decisions/0025): each request with its state, the replacement's own
 * timeline once approved; and, within 7 days of delivery, the button that opens the request form. After the last
 * day the button is gone and the page says why.
 */
export function ExchangeSection({ order }: { order: OrderDetail }) {
  const [asking, setAsking] = useState(false);
  const exchanges = order.exchanges ?? [];
  const offer = order.exchange;
  if (!offer || (exchanges.length === 0 && !offer.available_until && !offer.unavailable_reason)) return null;
  return (
    <section aria-labelledby="exchange-heading" className="mt-6">
      <h3 id="exchange-heading" className="font-bold text-ink-950">
        Exchange
      </h3>
      {exchanges.map((exchange) => (
        <ExchangeCard key={exchange.exchange_id} exchange={exchange} />
      ))}
      {offer.available_until && !asking && (
        <div className="mt-2">
          <p className="text-sm text-ink-700">
            Arrived damaged or defective, or not what you ordered? You can ask for an exchange until{' '}
            {formatIndianDay(offer.available_until)}.
          </p>
          <Button className="mt-3" variant="secondary" onClick={() => setAsking(true)}>
            Ask for an exchange
          </Button>
        </div>
      )}
      {offer.available_until && asking && (
        <ExchangeForm order={order} variantGroup={offer.variant_group} onClose={() => setAsking(false)} />
      )}
      {!offer.available_until && offer.unavailable_reason && exchanges.length === 0 && (
        <p className="mt-2 text-sm text-ink-700">{offer.unavailable_reason}</p>
      )}
    </section>
  );
}

function ExchangeCard({ exchange }: { exchange: ExchangeView }) {
  const rows: [string, string][] = [
    ['Reason', EXCHANGE_REASON_LABELS[exchange.reason]],
    ['Your note', exchange.note],
    ['Asked on', formatDate(exchange.requested_at)],
    ['Replacement', exchange.product.name],
  ];
  if (exchange.refusal_reason) rows.push(['Why it was refused', exchange.refusal_reason]);
  if (exchange.ships_by && exchange.state === 'approved') rows.push(['Ships by', formatIndianDay(exchange.ships_by)]);
  if (exchange.refund) rows.push(['Refund', `${formatRupees(paiseOf(exchange.refund.amount))} to your original payment method`]);
  return (
    <article aria-label={`Exchange request ${exchange.exchange_id}`} className="mt-3 rounded-2xl bg-ink-50 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold break-all text-ink-950">Exchange request {exchange.exchange_id}</p>
        <StatusBadge status={exchange.state} label={EXCHANGE_STATE_LABELS[exchange.state]} />
      </div>
      <DetailRows rows={rows} className="mt-3 gap-y-1 text-sm" />
      {exchange.replacement && <FulfilmentTimeline fulfilment={exchange.replacement.fulfilment} replacement />}
    </article>
  );
}

/** The request: a reason from the policy's list, a note, and (for a product with versions) the version wanted. */
function ExchangeForm({ order, variantGroup, onClose }: { order: OrderDetail; variantGroup: string | null; onClose: () => void }) {
  const client = useQueryClient();
  const productId = order.product?.id ?? '';
  const variants = useVariants(variantGroup ? { id: productId, variantGroup } : undefined);
  // A replacement is the product ordered or another version of it at the price paid a unit, on sale and in stock
  // (docs/decisions/0025): only those are offered; the server checks the same.
  const unitPricePaise = Math.round((paiseOf(order.amount) + paiseOf(order.credit_applied)) / order.quantity);
  const offered = (variants.data ?? []).filter(
    (each) =>
      each.id === productId ||
      (each.isEnabled && each.pricePaise === unitPricePaise && each.saleState !== 'upcoming' && each.stock >= order.quantity),
  );
  const versions = offered.length > 1 ? offered : [];
  const labels = versionLabels(versions.map((version) => version.name));
  const [reason, setReason] = useState<ExchangeReason | ''>('');
  const [note, setNote] = useState('');
  const [version, setVersion] = useState(productId);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setFailure('Please choose a reason.');
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      await requestExchange(order.order_id, { reason, note, ...(version && version !== productId ? { product_id: version } : {}) });
      await client.invalidateQueries({ queryKey: ['product-order', order.order_id] });
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Failed to request an exchange. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label="Ask for an exchange" className="mt-3 grid gap-4 rounded-2xl bg-ink-50 p-4" onSubmit={(event) => void submit(event)}>
      <Select
        label="Reason"
        required
        placeholder="Choose a reason"
        value={reason}
        options={EXCHANGE_REASONS.map((value) => ({ value, label: EXCHANGE_REASON_LABELS[value] }))}
        onChange={(event) => setReason(event.target.value as ExchangeReason | '')}
      />
      {versions.length > 0 && (
        <Select
          label="Replacement"
          value={version}
          options={versions.map((each, index) => ({ value: each.id, label: labels[index] ?? each.name }))}
          onChange={(event) => setVersion(event.target.value)}
        />
      )}
      <TextArea
        label="What is wrong with it?"
        required
        rows={4}
        maxLength={EXCHANGE_POLICY.noteMaxLength}
        hint={`${note.length} of ${EXCHANGE_POLICY.noteMaxLength} characters`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {failure && (
        <p role="alert" className="font-semibold text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          Send request
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
