import { Spinner } from '@elts/ui';
import { usePincodeServiceability } from '../api/pincode.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';

/** The courier check under the pincode field: a spinner while asking, then where it delivers or 'Not serviceable currently'. */
export function PincodeStatus({ pincode, id }: { pincode: string; id: string }) {
  const { serviceability, checking, place } = usePincodeServiceability(pincode);
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm">
      {checking && (
        <span className="inline-flex items-center gap-2 text-ink-600">
          <Spinner size="sm" label="" /> Checking pincode…
        </span>
      )}
      {serviceability === 'not serviceable' && <span className="font-medium text-red-700">{ONBOARDING_COPY.notServiceable}</span>}
      {serviceability === 'serviceable' && place && (
        <span className="font-medium text-emerald-800">
          Delivers to {place.cityDescription || place.pincodeDescription}, {place.state}
        </span>
      )}
    </p>
  );
}
