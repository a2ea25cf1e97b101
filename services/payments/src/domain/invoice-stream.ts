import type { Decider } from '@elts/platform';
import type { PaymentsEvent, PaymentsEventOf } from './payments-events.js';

/**
 * An invoice's own stream (one per product order, docs/decisions/0093): it holds one `InvoiceIssued`, so issuing
 * twice, a redelivered event or a racing instance finds the first and records nothing (docs/decisions/0163).
 */
export interface InvoiceStreamState {
  issued: boolean;
}

/** The invoice to issue, drawn (with its number) only while the stream has none; nothing when it has one. */
export interface IssueInvoice {
  invoice?: PaymentsEventOf<'InvoiceIssued'>['data'];
}

export const invoiceDecider: Decider<InvoiceStreamState, IssueInvoice, PaymentsEvent> = {
  initialState: () => ({ issued: false }),
  evolve: (state, event) => (event.type === 'InvoiceIssued' ? { issued: true } : state),
  decide: ({ invoice }, { issued }) => (issued || !invoice ? [] : [{ type: 'InvoiceIssued', data: invoice }]),
};
