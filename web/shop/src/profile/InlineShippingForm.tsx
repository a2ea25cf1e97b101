import { Button, TextArea, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { usePincodeServiceability } from '../api/pincode.js';
import { useSaveProfile } from './use-save-profile.js';

/**
 * The Profile section's shipping form, shown only while the member has no pincode. As the spec has it, it sends
 * `{address, pincode}` with no checks of its own; the server's answer (a malformed pincode, say) comes back as a
 * toast and under the field it concerns.
 */
export function InlineShippingForm({ address: savedAddress }: { address: string }) {
  const [address, setAddress] = useState(savedAddress);
  const [pincode, setPincode] = useState('');
  const { serviceability } = usePincodeServiceability(pincode);
  const { save, saving, fieldErrors, clearFieldError } = useSaveProfile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The pincode goes as a number, as every shipping form of the spec sends it.
    void save({ address, pincode: pincode === '' ? pincode : Number(pincode) });
  };

  return (
    <form onSubmit={submit} aria-labelledby="inline-shipping-title" className="mt-6 grid gap-4 border-t border-ink-100 pt-6">
      <h3 id="inline-shipping-title" className="font-bold text-ink-950">
        Add your shipping details
      </h3>
      <TextArea
        label="Shipping address"
        name="address"
        rows={3}
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          clearFieldError('address');
        }}
        error={fieldErrors.address}
      />
      <TextInput
        label="Pin code"
        name="pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        value={pincode}
        onChange={(event) => {
          setPincode(event.target.value);
          clearFieldError('pincode');
        }}
        hint={serviceability === 'not serviceable' ? 'Not serviceable currently' : undefined}
        error={fieldErrors.pincode}
      />
      <div>
        <Button type="submit" busy={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
