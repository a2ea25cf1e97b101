import { FULFILMENT_STEP_LABELS, type FulfilmentTimelineStep, type FulfilmentView, formatIndianDay } from '@elts/contracts';
import { cx, formatDate } from '@elts/ui';

/** The day a step happened: the courier's delivery day as recorded, else the day (India time) it was recorded. */
function stepDay(step: FulfilmentTimelineStep, fulfilment: FulfilmentView): string | undefined {
  if (step.step === 'delivered' && fulfilment.delivered_on) return formatIndianDay(fulfilment.delivered_on);
  return step.at ? formatDate(step.at) : undefined;
}

/** What the member can count on next: the day it arrived, or the last day to expect it (docs/decisions/0023). */
export function deliveryNote(fulfilment: FulfilmentView): string | undefined {
  if (fulfilment.delivered_on) return `Delivered on ${formatIndianDay(fulfilment.delivered_on)}`;
  if (fulfilment.expected_delivery_on) return `Expected delivery by ${formatIndianDay(fulfilment.expected_delivery_on)}`;
  return undefined;
}

/**
 * A paid order on its way: Paid, Processing, Shipped, Delivered, each done (with its day) or still ahead; once it
 * has shipped, the courier, the AWB number and a link to track it. Four across from a small tablet up, one under
 * another on a phone.
 */
export function FulfilmentTimeline({ fulfilment, replacement = false }: { fulfilment: FulfilmentView; replacement?: boolean }) {
  const note = deliveryNote(fulfilment);
  // An exchange's replacement goes through the same steps (docs/decisions/0025); its first is the approval, not a payment.
  const labelOf = (step: FulfilmentTimelineStep['step']) => (replacement && step === 'paid' ? 'Approved' : FULFILMENT_STEP_LABELS[step]);
  return (
    <section
      aria-label={replacement ? 'Replacement delivery progress' : 'Delivery progress'}
      className={cx('mt-4 rounded-2xl p-4', replacement ? 'bg-white' : 'bg-ink-50')}
    >
      <ol className="grid gap-3 sm:grid-cols-4">
        {fulfilment.timeline.map((step) => {
          const day = stepDay(step, fulfilment);
          return (
            <li
              key={step.step}
              aria-current={step.step === fulfilment.step ? 'step' : undefined}
              className="flex items-start gap-2 sm:flex-col sm:gap-1"
            >
              <span
                aria-hidden="true"
                className={cx(
                  'mt-1 size-3 shrink-0 rounded-full ring-2',
                  step.done ? 'bg-emerald-600 ring-emerald-600' : 'bg-white ring-ink-300',
                )}
              />
              <span className="text-sm">
                <span className={cx('block font-semibold', step.done ? 'text-ink-950' : 'text-ink-500')}>
                  {labelOf(step.step)}
                  <span className="sr-only">{step.done ? ', done' : ', not yet'}</span>
                </span>
                {day && <span className="block text-ink-600">{day}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {fulfilment.awb_number && (
        <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-ink-500">Courier</dt>
          <dd className="font-medium text-ink-950">{fulfilment.courier}</dd>
          <dt className="text-ink-500">AWB number</dt>
          <dd className="font-medium break-all text-ink-950">{fulfilment.awb_number}</dd>
        </dl>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {note && <p className="font-semibold text-ink-950">{note}</p>}
        {fulfilment.tracking_url && fulfilment.step === 'shipped' && (
          <a href={fulfilment.tracking_url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
            Track your parcel<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </section>
  );
}
