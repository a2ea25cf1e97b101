import type { Profile } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { Button, controlClasses, RadioCards, readMemberSession, TextArea } from '@elts/ui';
import { type FormEvent, useId, useState } from 'react';
import { useSaveProfile } from '../profile/use-save-profile.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';
import { PincodeStatus } from './PincodeStatus.js';
import { STEP_SAVE_WORDS } from './save-step.js';
import { pincodeInput, type ShippingForm, shippingSkipBody, shippingSubmitBody } from './shipping.js';
import { sendWelcomeEmail } from './welcome-email.js';

const SAME_ADDRESS_OPTIONS = [
  { value: 'yes', title: 'Yes' },
  { value: 'no', title: 'No' },
] as const;

/**
 * Step 04 (/shippingInfo): pincode with the courier check, the same-address question (default yes), billing and
 * shipping addresses, Skip and Submit. Either way the member goes to /profile with `fromShipping`, and is sent the
 * welcome email.
 */
export function ShippingInfoStep({ profile }: { profile: Profile | undefined }) {
  const navigate = useNavigate();
  const { save, toast, fieldErrors, clearFieldError } = useSaveProfile(STEP_SAVE_WORDS);
  const [pending, setPending] = useState<'submit' | 'skip'>();
  const [form, setForm] = useState<ShippingForm>(() => ({
    pincode: profile?.pincode ? String(profile.pincode) : '',
    sameAddress: true,
    billingAddress: profile?.professionAddress ?? '',
    shippingAddress: profile?.address ?? '',
  }));
  const pincodeId = useId();
  const pincodeError = fieldErrors.pincode;
  // With the same address, the billing address is sent as the shipping address too: a refusal of either is its.
  const billingError = fieldErrors.professionAddress ?? (form.sameAddress ? fieldErrors.address : undefined);
  const edit = (change: Partial<ShippingForm>, ...fields: string[]) => {
    setForm((current) => ({ ...current, ...change }));
    for (const field of fields) clearFieldError(field);
  };

  const finish = () => {
    const session = readMemberSession();
    sendWelcomeEmail({ email: profile?.email ?? session.email, name: profile?.firstname ?? session.name });
    navigate('/profile', { state: { fromShipping: true } });
  };

  const send = async (action: 'submit' | 'skip', body: object | undefined, missing: string) => {
    if (!body) {
      toast({ message: missing, tone: 'error' });
      return;
    }
    setPending(action);
    const saved = await save(body as Record<string, unknown>);
    setPending(undefined);
    if (!saved) return;
    // Said on /profile, where the skip leads (docs/decisions/0111).
    if (action === 'skip') toast({ message: ONBOARDING_COPY.skipped, tone: 'error', forNextPage: true });
    finish();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send('submit', shippingSubmitBody(form), ONBOARDING_COPY.shippingRequired);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={pincodeId} className="text-sm font-semibold text-ink-800">
          Pin code
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={pincodeId}
          className={controlClasses(false, 'h-12 max-w-xs')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          required
          aria-invalid={pincodeError ? true : undefined}
          aria-describedby={pincodeError ? `${pincodeId}-error ${pincodeId}-status` : `${pincodeId}-status`}
          value={form.pincode}
          onChange={(event) => edit({ pincode: pincodeInput(event.target.value) }, 'pincode')}
        />
        {pincodeError && (
          <p id={`${pincodeId}-error`} className="text-sm font-medium text-red-700">
            {pincodeError}
          </p>
        )}
        <PincodeStatus pincode={form.pincode} id={`${pincodeId}-status`} />
      </div>
      <RadioCards
        legend={ONBOARDING_COPY.sameAddressQuestion}
        name="same-address"
        options={SAME_ADDRESS_OPTIONS}
        value={form.sameAddress ? 'yes' : 'no'}
        onChange={(value) => edit({ sameAddress: value === 'yes' }, 'address')}
      />
      <TextArea
        label="Billing address"
        required
        rows={3}
        maxLength={500}
        autoComplete="street-address"
        value={form.billingAddress}
        onChange={(event) => edit({ billingAddress: event.target.value }, 'professionAddress', ...(form.sameAddress ? ['address'] : []))}
        error={billingError}
      />
      {!form.sameAddress && (
        <TextArea
          label="Shipping address"
          required
          rows={3}
          maxLength={500}
          value={form.shippingAddress}
          onChange={(event) => edit({ shippingAddress: event.target.value }, 'address')}
          error={fieldErrors.address}
        />
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          busy={pending === 'skip'}
          disabled={pending !== undefined}
          onClick={() => void send('skip', shippingSkipBody(form), ONBOARDING_COPY.pincodeRequired)}
        >
          Skip
        </Button>
        <Button type="submit" busy={pending === 'submit'} disabled={pending !== undefined}>
          Submit
        </Button>
      </div>
    </form>
  );
}
