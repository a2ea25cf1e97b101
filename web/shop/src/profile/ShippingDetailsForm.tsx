import { DELIVERY_AREA_COPY, INDIAN_STATE_NAMES, indianStateNamed, type Profile } from '@elts/contracts';
import { Select, TextArea, TextInput } from '@elts/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { usePincodeServiceability } from '../api/pincode.js';
import { pincodeInput } from '../onboarding/shipping.js';
import { FormFooter } from './FormFooter.js';
import { useSaveProfile } from './use-save-profile.js';

const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

interface Draft {
  address: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * The shipping details a member may change at any time from the Profile section (docs/decisions/0116): address,
 * city, state and pin code, sent as `{address, city, state, pincode}`. The screen adds no rules of its own: the
 * server's sentence for each refused field shows under it. The pin code is checked with the courier as it is typed;
 * its answer fills in a city or state left empty, and both once the member has typed a different pin code.
 */
export function ShippingDetailsForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => ({
    address: profile.address ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    pincode: profile.pincode ? String(profile.pincode) : '',
  }));
  const { save, saving, fieldErrors, clearFieldError } = useSaveProfile();
  const { serviceability, checking, place } = usePincodeServiceability(draft.pincode);
  const [pincodeTyped, setPincodeTyped] = useState(false);

  useEffect(() => {
    if (!place) return;
    const city = place.cityDescription;
    const state = indianStateNamed(place.state) ?? '';
    // A new pin code is a new place; the saved one's answer only fills what the profile does not have yet.
    setDraft((current) => ({
      ...current,
      city: (pincodeTyped ? city : '') || current.city || city,
      state: (pincodeTyped ? state : '') || current.state || state,
    }));
  }, [place, pincodeTyped]);

  const change = (field: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clearFieldError(field);
    if (field === 'pincode') setPincodeTyped(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The pincode goes as a number, as every shipping form of the spec sends it.
    const body = { ...draft, pincode: draft.pincode === '' ? '' : Number(draft.pincode) };
    if (await save(body)) onDone();
  };

  const pincodeHint = checking
    ? 'Checking pin code…'
    : serviceability === 'not serviceable'
      ? DELIVERY_AREA_COPY.notYet(draft.pincode)
      : serviceability === 'serviceable' && place
        ? `Delivers to ${place.cityDescription || place.pincodeDescription}, ${place.state}`
        : undefined;

  return (
    <form noValidate onSubmit={submit} aria-label="Edit shipping details" className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextArea
        label="Shipping address"
        name="address"
        rows={3}
        maxLength={500}
        autoComplete="street-address"
        className="sm:col-span-2"
        value={draft.address}
        onChange={(event) => change('address', event.target.value)}
        error={fieldErrors.address}
      />
      <TextInput
        label="City"
        name="city"
        maxLength={100}
        autoComplete="address-level2"
        value={draft.city}
        onChange={(event) => change('city', event.target.value)}
        error={fieldErrors.city}
      />
      <Select
        label="State"
        name="state"
        placeholder="Select state"
        autoComplete="address-level1"
        options={STATE_OPTIONS}
        value={draft.state}
        onChange={(event) => change('state', event.target.value)}
        error={fieldErrors.state}
      />
      <TextInput
        label="Pin code"
        name="pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        value={draft.pincode}
        onChange={(event) => change('pincode', pincodeInput(event.target.value))}
        hint={pincodeHint}
        error={fieldErrors.pincode}
      />
      <FormFooter
        saving={saving}
        onCancel={() => {
          clearFieldError();
          onDone();
        }}
      />
    </form>
  );
}
