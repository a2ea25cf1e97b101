/**
 * CSV cells that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) get a
 * leading apostrophe, so an exported name like "=HYPERLINK(...)" stays text (OWASP's CSV injection advice).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The Users CSV's 15 columns. */
export const USER_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Mobile',
  'Gender',
  'Date of Birth',
  'Age',
  'Profession',
  'Subscription Type',
  'GST',
  'Pincode',
  'Shipping Address',
  'Billing Address',
  'Need List',
  'Greed List',
] as const;
