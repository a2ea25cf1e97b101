import { API, type DataOf } from '@elts/contracts';
import { callOperation } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';

/** The spec's three answers (section 4, "Pincode serviceability"). */
export type Serviceability = 'serviceable' | 'not serviceable' | 'unknown';

/** Only a pincode of exactly 6 characters is checked (spec section 5); anything else clears the result. */
export const isCheckablePincode = (pincode: string) => pincode.length === 6;

/**
 * Serviceability of a pincode as the courier check answers it (`GET /shipping/bluedart/pincode/{pincode}`, no
 * session). Shared by onboarding's shipping step, the profile's inline shipping form, the subscription panel and
 * the order modal, so one answer per pincode is cached for the whole remote.
 */
export function usePincodeServiceability(pincode: string): {
  serviceability: Serviceability;
  checking: boolean;
  place?: DataOf<typeof API.checkPincode>;
} {
  const checkable = isCheckablePincode(pincode);
  const query = useQuery({
    queryKey: ['pincode', pincode],
    enabled: checkable,
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const envelope = await callOperation(API.checkPincode, { params: { pincode } }, { signal });
      return envelope.data;
    },
  });
  if (!checkable) return { serviceability: 'unknown', checking: false };
  if (query.isPending) return { serviceability: 'unknown', checking: true };
  if (query.isError || !query.data) return { serviceability: 'not serviceable', checking: false };
  return {
    serviceability: query.data.serviceable ? 'serviceable' : 'not serviceable',
    checking: false,
    place: query.data,
  };
}
