/**
 * A count with its unit, for messages people read: "1 minute", "15 minutes", "1 second". Messages that build a
 * count into a sentence go through here so none says "1 minutes".
 */
export function countOf(count: number, unit: string, units = `${unit}s`): string {
  return `${count} ${count === 1 ? unit : units}`;
}
