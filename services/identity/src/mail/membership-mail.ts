import { COPY, formatRupees, indianDate } from '@elts/contracts';
import { letter, type MailText } from './words.js';

/** What a membership invoice carries that its receipt tells (payments' InvoiceIssued). */
export interface Invoiced {
  invoiceNumber: string;
  issuedAt: string;
  description: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * The receipt of a membership payment, first year or renewal (issue 34: no mail said the money had arrived), sent
 * with its GST invoice: what was paid and its tax, and where to download the invoice.
 */
export function membershipReceiptEmail(name: string, invoice: Invoiced, siteUrl: string): MailText {
  const tax =
    invoice.igstPaise > 0
      ? [`IGST: ${formatRupees(invoice.igstPaise)}`]
      : [`CGST: ${formatRupees(invoice.cgstPaise)}`, `SGST: ${formatRupees(invoice.sgstPaise)}`];
  return letter(name, `Your ELTS Club membership receipt (${invoice.invoiceNumber})`, [
    `Thank you: we received ${formatRupees(invoice.totalPaise)} for your ELTS Club membership (${invoice.description.toLowerCase()}).`,
    '',
    `Invoice number: ${invoice.invoiceNumber}`,
    `Date: ${indianDate(new Date(invoice.issuedAt))}`,
    `Membership fee: ${formatRupees(invoice.taxablePaise)}`,
    ...tax,
    `Total paid: ${formatRupees(invoice.totalPaise)}`,
    '',
    `Download the tax invoice from the Subscription section of your profile: ${siteUrl}/profile?section=subscription`,
  ]);
}

/** The mandate revoked: the membership ended at once (issue 34: the member was told only on screen). */
export function mandateRevokedEmail(name: string, siteUrl: string): MailText {
  return letter(name, 'Your ELTS Club membership has ended', [
    COPY.membership.revoked,
    '',
    `Subscribe again from the Subscription section of your profile: ${siteUrl}/profile?section=subscription`,
  ]);
}
