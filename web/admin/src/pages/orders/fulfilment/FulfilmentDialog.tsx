import { countOf, type OperatorStep, todayInIndia } from '@elts/contracts';
import { DAY_PLACEHOLDER, dayText, Modal, maskDayText, TextInput, useToast } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../api/admin-request.js';
import { DialogFooter } from '../../../components/DialogFooter.js';
import { ACTION_LABELS, checkStep, type ShipmentOf, type StepForm, sendSteps } from './fulfilment-requests.js';

/** Couriers offered as the operator types (any other name may be typed). */
const COURIERS = ['Blue Dart', 'Delhivery', 'DTDC', 'Ecom Express', 'Ekart', 'India Post', 'Shadowfax', 'XpressBees'];

/**
 * One fulfilment step for one order or several: processing needs only a yes; shipped asks the courier once and an
 * AWB number and tracking link for each order; delivered asks the day (dd/mm/yyyy, India). Mistakes are shown at
 * their field before anything is sent, and a refusal inside the dialog (a toast would sit behind it).
 */
export function FulfilmentDialog({
  step,
  orderIds,
  shipmentOf,
  onClose,
  onDone,
}: {
  step: OperatorStep;
  orderIds: readonly string[];
  /** An exchange's replacement moves its own shipment (docs/decisions/0025). */
  shipmentOf?: ShipmentOf;
  onClose: () => void;
  onDone: () => void;
}) {
  const toast = useToast();
  const client = useQueryClient();
  const [form, setForm] = useState<StepForm>({ courier: '', deliveredOn: dayText(todayInIndia()), shipments: {} });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const shipment = (orderId: string) => form.shipments[orderId] ?? { awb: '', tracking: '' };
  // A field's mistake is forgotten as soon as it is edited; the next submit checks again.
  const edited = (key: string) => setErrors(({ [key]: _, ...others }) => others);
  const setShipment = (orderId: string, field: 'awb' | 'tracking', value: string) => {
    edited(`${orderId}.${field === 'awb' ? 'awb_number' : 'tracking_url'}`);
    setForm((current) => ({ ...current, shipments: { ...current.shipments, [orderId]: { ...shipment(orderId), [field]: value } } }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkStep(step, orderIds, form, shipmentOf);
    setErrors(checked.errors ?? {});
    if (!checked.items) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await sendSteps(checked.items);
      await client.invalidateQueries({ queryKey: ['admin'] });
      if (answer.data.updated.length === 0) {
        setFailure(answer.message);
        return;
      }
      toast({ tone: answer.data.refused.length > 0 ? 'error' : 'success', message: answer.message ?? '' });
      onDone();
    } catch (error) {
      setFailure(failureText(error, `Failed to ${ACTION_LABELS[step].toLowerCase()}`));
    } finally {
      setBusy(false);
    }
  };

  const orders = countOf(orderIds.length, 'order');
  return (
    <Modal
      open
      onClose={onClose}
      title={`${ACTION_LABELS[step]}: ${orders}`}
      size="lg"
      footer={<DialogFooter failure={failure} onCancel={onClose} form="fulfilment-form" busy={busy} submit={ACTION_LABELS[step]} />}
    >
      <form id="fulfilment-form" noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {step === 'processing' && (
          <p>
            The member's order page will show these orders as processing: <span className="font-mono text-sm">{orderIds.join(', ')}</span>
          </p>
        )}
        {step === 'shipped' && (
          <>
            <TextInput
              label="Courier"
              required
              list="fulfilment-couriers"
              autoComplete="off"
              value={form.courier}
              error={errors.courier}
              onChange={(event) => {
                edited('courier');
                setForm((current) => ({ ...current, courier: event.target.value }));
              }}
            />
            <datalist id="fulfilment-couriers">
              {COURIERS.map((courier) => (
                <option key={courier} value={courier} />
              ))}
            </datalist>
            {orderIds.map((orderId) => (
              <fieldset key={orderId} className="grid gap-3 rounded-2xl p-4 ring-1 ring-ink-100 sm:grid-cols-2">
                <legend className="px-1 font-mono text-sm font-semibold text-ink-900">{orderId}</legend>
                <TextInput
                  label="AWB number"
                  required
                  autoComplete="off"
                  value={shipment(orderId).awb}
                  error={errors[`${orderId}.awb_number`]}
                  onChange={(event) => setShipment(orderId, 'awb', event.target.value)}
                />
                <TextInput
                  label="Tracking link"
                  required
                  type="url"
                  placeholder="https://"
                  value={shipment(orderId).tracking}
                  error={errors[`${orderId}.tracking_url`]}
                  onChange={(event) => setShipment(orderId, 'tracking', event.target.value)}
                />
              </fieldset>
            ))}
          </>
        )}
        {step === 'delivered' && (
          <>
            <TextInput
              label="Delivery date"
              required
              hint="The day the courier delivered it, India time (IST)"
              placeholder={DAY_PLACEHOLDER}
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={form.deliveredOn}
              error={errors.deliveredOn}
              onChange={(event) => {
                edited('deliveredOn');
                setForm((current) => ({ ...current, deliveredOn: maskDayText(event.target.value) }));
              }}
            />
            <p className="text-sm">
              Orders: <span className="font-mono">{orderIds.join(', ')}</span>
            </p>
          </>
        )}
      </form>
    </Modal>
  );
}
