import { COPY, creditForOrder, INDIAN_STATE_NAMES, indianStateNamed, MEMBERSHIP_CREDIT, type Profile, paiseOf } from '@elts/contracts';
import { ApiError, Button, formatRupees, Modal, readMemberSession, Select, TextArea, TextInput } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ShopProduct } from '../api/catalog.js';
import { DEALS_BOARD_QUERY_KEY } from '../api/catalog.js';
import { mayHavePlaced, newIdempotencyKey, type OrderBody, placeProductOrder, useMembershipCredit } from '../api/orders.js';
import { usePincodeServiceability } from '../api/pincode.js';
import { joinWaitlist, MY_WAITLISTS_QUERY_KEY } from '../api/waitlist.js';
import { rememberOrder } from './checkout.js';
import { priceLabel } from './deal-display.js';
import { type DeliveryForm, deliveryComplete, payerNames, prefillDelivery } from './order-prefill.js';
import { ReservationActions } from './ReservationActions.js';

const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

export interface ConfirmOrderModalProps {
  product: ShopProduct | undefined;
  /** Joining the sold-out product's waitlist with these details, rather than ordering (issue 33 item 3). */
  waitlist?: boolean;
  profile: Profile | undefined;
  onClose: () => void;
}

/**
 * 'Confirm Your Order': the delivery details (prefilled from the profile), then the payment checkout. The same form
 * joins a sold-out product's waitlist: a unit that comes back is reserved with these details.
 */
export function ConfirmOrderModal({ product, waitlist = false, profile, onClose }: ConfirmOrderModalProps) {
  return (
    <Modal open={Boolean(product)} onClose={onClose} title={waitlist ? COPY.waitlist.joinTitle : 'Confirm Your Order'} size="lg">
      {product && <OrderForm key={product.id} product={product} waitlist={waitlist} profile={profile} onClose={onClose} />}
    </Modal>
  );
}

interface OrderFormProps {
  product: ShopProduct;
  waitlist: boolean;
  profile: Profile | undefined;
  onClose: () => void;
}

function OrderForm({ product, waitlist, profile, onClose }: OrderFormProps) {
  const [form, setForm] = useState<DeliveryForm>(() => prefillDelivery(profile as unknown as Record<string, unknown>));
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The unit reserved for the member (the drop's decision): its checkout opens at once, and Pay now opens it again.
  const [reserved, setReserved] = useState<{ orderId: string; payUntil: string }>();
  // Sold out when ordering: the waitlist is offered with the same details. Joined: the server's sentence on the place.
  const [soldOut, setSoldOut] = useState(false);
  const [joined, setJoined] = useState<string>();
  // One key per Confirm Order attempt: a second press after an unanswered one repeats it and gets the same order. The
  // key belongs to that request: details changed since are a new order, and the server refuses a key sent with another.
  const attemptKey = useRef<{ key: string; request: string }>(undefined);
  const client = useQueryClient();
  const { serviceability, checking, place } = usePincodeServiceability(form.pincode.trim());
  const credit = useMembershipCredit();

  // The courier's answer names the city and state: fill them in when the member has not.
  useEffect(() => {
    if (!place) return;
    setForm((current) => ({
      ...current,
      city: current.city || place.cityDescription || '',
      state: current.state || indianStateNamed(place.state ?? '') || '',
    }));
  }, [place]);

  const pricePaise = product.pricePaise ?? paiseOf(product.price);
  const creditPaise = creditForOrder(pricePaise, credit.data ?? 0);
  const set = (field: keyof DeliveryForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  /** The order's details from the form, or the sentence saying what is missing. */
  function orderRequest(): OrderBody | string {
    const session = readMemberSession();
    if (!session.token) return 'Please login to continue with your order';
    if (!deliveryComplete(form)) return 'Please fill in all delivery details';
    const address = {
      name: form.name.trim(),
      phone: form.phone.trim(),
      address: form.address.trim(),
      city: form.city.trim(),
      state: form.state,
      pincode: form.pincode.trim(),
    };
    return {
      amount: product.price,
      customer_email: profile?.email ?? session.email ?? '',
      customer_phone: address.phone,
      ...payerNames(profile as unknown as Record<string, unknown>, address.name),
      product_id: product.id,
      quantity: 1,
      description: product.name.slice(0, 500),
      return_url: `${window.location.origin}/order`,
      shipping_address: address,
      billing_address: address,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(undefined);
    const request = orderRequest();
    if (typeof request === 'string') return setAlert(request);
    if (waitlist) return join(request);
    setBusy(true);
    const sent = JSON.stringify(request);
    if (attemptKey.current?.request !== sent) attemptKey.current = { key: newIdempotencyKey(), request: sent };
    try {
      const placed = await placeProductOrder(request, attemptKey.current.key);
      rememberOrder(placed.order_id);
      setReserved({ orderId: placed.order_id, payUntil: placed.reserved_until });
      return;
    } catch (error) {
      if (!mayHavePlaced(error)) attemptKey.current = undefined;
      if (error instanceof ApiError) {
        setAlert(`Order creation failed: ${error.message || 'Unknown error'}`);
        setSoldOut(error.status === 409 && error.message === 'Out of Stock');
        // Stock or the sale window may have moved since the board loaded.
        if (error.status === 409 || error.status === 400) void client.invalidateQueries({ queryKey: DEALS_BOARD_QUERY_KEY });
      } else {
        setAlert('Failed to create order. Please try again.');
      }
    }
    setBusy(false);
  }

  async function join(request: OrderBody) {
    setAlert(undefined);
    setBusy(true);
    try {
      setJoined(await joinWaitlist(request));
      void client.invalidateQueries({ queryKey: MY_WAITLISTS_QUERY_KEY });
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : 'Failed to join the waitlist. Please try again.');
      // Units may have come back: the board shows them.
      void client.invalidateQueries({ queryKey: DEALS_BOARD_QUERY_KEY });
    }
    setBusy(false);
  }

  if (reserved) {
    return (
      <ReservationActions
        orderId={reserved.orderId}
        payUntil={reserved.payUntil}
        autoStart
        onEnded={() => {
          void client.invalidateQueries({ queryKey: DEALS_BOARD_QUERY_KEY });
          onClose();
        }}
      />
    );
  }

  if (joined) {
    return (
      <p role="status" className="rounded-2xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-800">
        {joined}
      </p>
    );
  }

  const deliversTo = place ? `Delivers to ${[place.cityDescription, place.state].filter(Boolean).join(', ')}` : undefined;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="rounded-2xl bg-ink-50 p-4">
        <p className="font-bold text-ink-950">{product.name}</p>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>Price</dt>
          <dd className="text-right font-semibold">{priceLabel(product)}</dd>
          <dt>Quantity</dt>
          <dd className="text-right">1</dd>
          <dt>Membership credit</dt>
          <dd className="text-right font-semibold text-emerald-700">
            {credit.isPending ? 'Checking...' : creditPaise > 0 ? `− ${formatRupees(creditPaise)}` : formatRupees(0)}
          </dd>
          <dt className="font-bold text-ink-950">You pay</dt>
          <dd className="text-right font-extrabold text-ink-950">{credit.isPending ? '...' : formatRupees(pricePaise - creditPaise)}</dd>
        </dl>
        {credit.data !== undefined && (
          <p className="mt-2 text-xs text-ink-600">
            Your membership credit balance: {formatRupees(credit.data)}. Up to {MEMBERSHIP_CREDIT.maxShareOfOrderPercent}% of an order can
            be paid with credit.
          </p>
        )}
      </div>
      <TextInput label="Full Name" value={form.name} onChange={set('name')} autoComplete="name" required />
      <TextInput label="Phone" type="tel" value={form.phone} onChange={set('phone')} autoComplete="tel" required />
      <TextArea label="Address" rows={3} value={form.address} onChange={set('address')} autoComplete="street-address" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="City" value={form.city} onChange={set('city')} autoComplete="address-level2" required />
        <Select label="State" placeholder="Select state" options={STATE_OPTIONS} value={form.state} onChange={set('state')} required />
      </div>
      <TextInput
        label="Pincode"
        inputMode="numeric"
        maxLength={6}
        value={form.pincode}
        onChange={set('pincode')}
        autoComplete="postal-code"
        required
        error={serviceability === 'not serviceable' ? 'Not serviceable currently' : undefined}
        hint={checking ? 'Checking delivery...' : serviceability === 'serviceable' ? deliversTo : undefined}
      />
      {alert && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 font-semibold text-red-800">
          {alert}
        </p>
      )}
      {soldOut && !waitlist ? (
        <>
          <p className="text-sm text-ink-700">{COPY.waitlist.offer}</p>
          <Button
            busy={busy}
            onClick={() => {
              const request = orderRequest();
              if (typeof request === 'string') setAlert(request);
              else void join(request);
            }}
          >
            {COPY.waitlist.join}
          </Button>
        </>
      ) : (
        <Button type="submit" busy={busy} disabled={serviceability !== 'serviceable'}>
          {waitlist ? COPY.waitlist.join : 'Confirm Order'}
        </Button>
      )}
    </form>
  );
}
