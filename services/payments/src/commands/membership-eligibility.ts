import { DELIVERY_AREA_COPY, ordersOperations } from '@elts/contracts';
import { InternalCallError, type Refusal, refusal, serviceUnavailable } from '@elts/platform';
import type { MemberProfilesTable } from '../store/tables.js';
import type { PaymentsContext } from './context.js';

export const PROFILE_INCOMPLETE = 'Please complete your profile information before subscribing.';

/**
 * What a member must have before a membership starts, checked here as well as on the screen (which a caller can
 * skip): a first and last name on their own profile (spec section 5; names in the request body do not stand in for
 * them), and a pincode the courier serves, since a membership is a year of deliveries. The pincode is asked of the
 * orders service's directory, as invoices ask it for the place of supply; when that cannot answer now, the member is
 * asked to try again rather than let through or turned away for good (a 503, thrown: a dependency away is not a
 * refusal). Answers the refusal when the member may not start one yet.
 */
export async function membershipEligibility(
  context: PaymentsContext,
  profile: MemberProfilesTable | undefined,
): Promise<{ refusal: Refusal } | undefined> {
  if (!profile?.firstname.trim() || !profile.lastname.trim()) return { refusal: refusal('invalid', PROFILE_INCOMPLETE) };
  if (!profile.pincode) return notServed(DELIVERY_AREA_COPY.noPincode);
  let serviceable: boolean;
  try {
    const place = await context.orders().operation(ordersOperations.checkPincode, { params: { pincode: profile.pincode } });
    serviceable = place.serviceable === true;
  } catch (error) {
    // A 4xx is the directory's answer about this pincode (malformed, unknown): not one it serves.
    if (!(error instanceof InternalCallError) || error.status >= 500 || error.status === 0) {
      context.logger.warn({ err: error }, 'the pincode check for a membership start is unavailable');
      throw serviceUnavailable();
    }
    serviceable = false;
  }
  return serviceable ? undefined : notServed(DELIVERY_AREA_COPY.notYet(profile.pincode));
}

/** A pincode we cannot deliver to, said of the form's pincode field. */
const notServed = (message: string) => ({ refusal: refusal('invalid', message, [{ path: 'pincode', message }]) });
