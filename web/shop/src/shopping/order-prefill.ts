import { indianStateNamed } from '@elts/contracts';

/** The delivery form of the 'Confirm Your Order' modal. */
export interface DeliveryForm {
  name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

type Loose = Record<string, unknown> | null | undefined;

/** The first of `keys` the profile has a usable value for, as text. */
function first(profile: Loose, ...keys: string[]): string {
  for (const key of keys) {
    const value = profile?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/**
 * The delivery form prefilled from the profile: its own fields first, then the aliases the spec says the order
 * prefill also reads (phone, phoneNumber, fullAddress, zipCode, postalCode, city, state, name). A state is kept
 * only if it is one of India's, so the dropdown never shows a value it cannot offer.
 */
export function prefillDelivery(profile: Loose): DeliveryForm {
  const fullName = [first(profile, 'firstname'), first(profile, 'lastname')].filter(Boolean).join(' ');
  return {
    name: fullName || first(profile, 'name'),
    phone: first(profile, 'mobile', 'phone', 'phoneNumber'),
    address: first(profile, 'address', 'fullAddress'),
    city: first(profile, 'city'),
    state: indianStateNamed(first(profile, 'state')) ?? '',
    pincode: first(profile, 'pincode', 'zipCode', 'postalCode'),
  };
}

/** The fields the order needs, all of them (spec section 5): 'Please fill in all delivery details' otherwise. */
export function deliveryComplete(form: DeliveryForm): boolean {
  return Object.values(form).every((value) => value.trim().length > 0);
}

/** First and last name for the payload: the profile's, else the delivery name split at its first space. */
export function payerNames(profile: Loose, deliveryName: string): { first_name: string; last_name: string } {
  const firstName = first(profile, 'firstname');
  const lastName = first(profile, 'lastname');
  if (firstName && lastName) return { first_name: firstName, last_name: lastName };
  const [head = '', ...rest] = deliveryName.trim().split(/\s+/);
  return { first_name: firstName || head, last_name: lastName || rest.join(' ') || head };
}
