import { LIST_SLOTS, ONBOARDING_NEED_LIST_MINIMUM } from '@elts/contracts';

/** Five slots, filled from the profile's comma-separated list. */
export function slotsFrom(list: string | undefined): string[] {
  const items = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return Array.from({ length: LIST_SLOTS }, (_, index) => items[index] ?? '');
}

/** Only non-empty entries count (spec section 5). */
export const filledItems = (slots: readonly string[]) => slots.map((slot) => slot.trim()).filter(Boolean);

export const needListLongEnough = (slots: readonly string[]) => filledItems(slots).length >= ONBOARDING_NEED_LIST_MINIMUM;
