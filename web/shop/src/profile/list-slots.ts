import { LIST_ITEM_MAX_LENGTH, LIST_SLOTS } from '@elts/contracts';

export { LIST_ITEM_MAX_LENGTH, LIST_SLOTS };

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
