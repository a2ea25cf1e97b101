import { LIST_ITEM_COMMA_MESSAGE, LIST_ITEM_MAX_LENGTH, LIST_SLOTS, listItemHasComma, ONBOARDING_NEED_LIST_MINIMUM } from '@elts/contracts';

export { LIST_ITEM_COMMA_MESSAGE, LIST_ITEM_MAX_LENGTH, LIST_SLOTS };

/**
 * Each slot's message while it holds a comma: lists travel comma-separated, so the item would come back as two
 * (docs/decisions/0116). Shown as the member types, and the list is not sent until none is left.
 */
export const slotCommaError = (slot: string): string | undefined => (listItemHasComma(slot) ? LIST_ITEM_COMMA_MESSAGE : undefined);

/** The first slot (of any of the lists) that holds a comma, as [list index, slot index]; undefined when none does. */
export function firstCommaSlot(lists: ReadonlyArray<readonly string[]>): [number, number] | undefined {
  for (const [list, slots] of lists.entries()) {
    const slot = slots.findIndex(listItemHasComma);
    if (slot >= 0) return [list, slot];
  }
  return undefined;
}

/** A list as the profile carries it (a comma-separated string) laid out on its five numbered slots. */
export function listSlots(list: string | null | undefined): string[] {
  const items = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .slice(0, LIST_SLOTS);
  return Array.from({ length: LIST_SLOTS }, (_, index) => items[index] ?? '');
}

/** The slots as the update sends them: the filled ones, in order. The server trims and drops duplicates itself. */
export function listFromSlots(slots: readonly string[]): string[] {
  return slots.map((slot) => slot.trim()).filter(Boolean);
}

/** Whether the Need list has the filled slots onboarding asks for; only non-empty entries count (spec section 5). */
export const needListLongEnough = (slots: readonly string[]) => listFromSlots(slots).length >= ONBOARDING_NEED_LIST_MINIMUM;
