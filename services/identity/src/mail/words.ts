/**
 * What every mail to a member shares (issue 34): its greeting, the product named once, the link to an order, and
 * its sign-off. Mails are plain text, short, read on phones; amounts are `formatRupees` (₹1,349.10) and days
 * dd/mm/yyyy in India time, as on screen.
 */
export interface MailText {
  subject: string;
  text: string;
}

export const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

export const SIGN_OFF = 'The ELTS Club team';

/** A mail: the greeting, its lines, and the sign-off, a blank line apart. */
export const letter = (name: string, subject: string, lines: string[]): MailText => ({
  subject,
  text: [greeting(name), '', ...lines, '', SIGN_OFF].join('\n'),
});

export const orderLink = (siteUrl: string, orderId: string) => `${siteUrl}/order?order_id=${encodeURIComponent(orderId)}`;

/**
 * A product as a mail names it: its brand, then its name, except where the name already begins with the brand
 * ('Nike Air Zoom Pegasus 41', never 'Nike Nike Air Zoom Pegasus 41').
 */
export function productLine(product: { name: string; brand?: string | null }): string {
  const name = product.name.trim();
  const brand = product.brand?.trim() ?? '';
  if (!brand || name.toLowerCase().startsWith(brand.toLowerCase())) return name;
  return `${brand} ${name}`;
}
