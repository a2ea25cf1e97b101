import { formatIndianDay, formatRupees, indianDateTime, isCalendarDate } from '@elts/contracts';

/**
 * The audit trail in words (issue 34: it showed raw JSON). An entry's record before and after its write, compared
 * field by field: each field that changed, named in words, with both values as an operator reads them (rupees,
 * dd/mm/yyyy in India time, Yes and No).
 */
export interface Change {
  field: string;
  before: string;
  after: string;
}

/** Field names whose words are not their split name. */
const FIELD_WORDS: Record<string, string> = {
  isEnabled: 'Enabled',
  isVariantPrimary: 'Primary variant',
  hsnCode: 'HSN code',
  gstRatePercent: 'GST rate (%)',
  amazonPrice: 'Amazon price',
  amazonPriceRecordedAt: 'Retail price recorded',
  awbNumber: 'AWB number',
  trackingUrl: 'Tracking link',
  saleStartAt: 'Sale starts',
  saleEndAt: 'Sale ends',
  opensAt: 'Opens',
  closesAt: 'Closes',
  refund_choice_by: 'Refund choice by',
  isRunning: 'Running',
  entrantsDigest: 'Entrant list SHA-256',
};

/** 'fulfilment_step' → 'Fulfilment step', 'amountPaise' → 'Amount', 'shipsBy' → 'Ships by'. */
export function fieldWords(key: string): string {
  const known = FIELD_WORDS[key];
  if (known) return known;
  const words = key
    .replace(/_?[Pp]aise$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as an operator reads it; `key` says what it is (a `...Paise` field is an amount). */
export function valueWords(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number')
    return /paise$/i.test(key) && Number.isInteger(value) ? formatRupees(value) : value.toLocaleString('en-IN');
  if (typeof value === 'string') {
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return indianDateTime(new Date(value));
    if (isCalendarDate(value)) return formatIndianDay(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.every((item) => !isRecord(item) && !Array.isArray(item))) return value.map((item) => valueWords(item)).join(', ') || '-';
    // A list of records (the twelve prizes, the winners): each by its name, else how many there are.
    const named = value.map((item) => (isRecord(item) && typeof item.name === 'string' ? item.name : undefined));
    return named.every(Boolean) ? named.join(', ') : `${value.length} items`;
  }
  if (isRecord(value))
    return Object.entries(value)
      .map(([field, inner]) => `${fieldWords(field)}: ${valueWords(inner, field)}`)
      .join('; ');
  return String(value);
}

/** The fields of a record, a nested record's fields named under its own ('Product: name' for a product's name). */
function fieldsOf(value: unknown): Map<string, { field: string; value: unknown }> {
  const fields = new Map<string, { field: string; value: unknown }>();
  if (!isRecord(value)) {
    if (value !== null && value !== undefined) fields.set('', { field: 'Value', value });
    return fields;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (isRecord(inner) && Object.keys(inner).length > 0)
      for (const [innerKey, innerValue] of Object.entries(inner))
        fields.set(`${key}.${innerKey}`, { field: `${fieldWords(key)}: ${fieldWords(innerKey).toLowerCase()}`, value: innerValue });
    else fields.set(key, { field: fieldWords(key), value: inner });
  }
  return fields;
}

const keyOf = (path: string) => path.split('.').at(-1) ?? path;

/**
 * What a write changed, field by field: each field whose value differs between before and after (a field only on
 * one side counts as changed), in the record's own order. A record created has no before ('-'); one removed no after.
 */
export function changesOf(before: unknown, after: unknown): Change[] {
  const [was, now] = [fieldsOf(before), fieldsOf(after)];
  const changes: Change[] = [];
  for (const path of new Set([...was.keys(), ...now.keys()])) {
    const [old, next] = [was.get(path), now.get(path)];
    const [oldText, nextText] = [valueWords(old?.value, keyOf(path)), valueWords(next?.value, keyOf(path))];
    if (oldText !== nextText) changes.push({ field: (next ?? old)!.field, before: oldText, after: nextText });
  }
  return changes;
}

/** Where the record of an entry is in the back office, and how to name it; undefined when it has no page. */
export function recordLink(action: string, target: string): { href: string; label: string } | undefined {
  const [kind] = action.split('.');
  const search = (path: string, term: string) => `${path}?search=${encodeURIComponent(term)}`;
  switch (kind) {
    case 'product':
      return { href: search('/admin/products', target), label: `Product ${target}` };
    case 'drop':
      return { href: '/admin/products?tab=drops', label: `Deal drop ${target}` };
    case 'early-access':
      return { href: '/admin/products?tab=early-access', label: target };
    case 'order':
      return { href: search('/admin/orders', target), label: `Order ${target}` };
    case 'exchange':
      // An exchange is named after its order (ORD-...-X1), which the Orders page finds.
      return { href: search('/admin/orders', target.replace(/-X\d+$/, '')), label: `Exchange ${target}` };
    case 'giveaway':
      return { href: '/admin/giveaway', label: 'The giveaway' };
    case 'cron':
      return { href: '/admin/cron', label: action.startsWith('cron.step') ? `Step ${target}` : 'The cron service' };
    default:
      return undefined;
  }
}
