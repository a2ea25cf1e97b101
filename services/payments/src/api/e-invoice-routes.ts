import { paymentsOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound } from '@elts/platform';
import { Hono } from 'hono';
import type { PaymentsContext } from '../commands/context.js';
import type { EInvoiceRegistrar } from '../e-invoicing/registrar.js';
import { eInvoiceForOperators, retryEInvoiceNow, troubledEInvoices } from '../store/e-invoices.js';
import type { PaymentsDb } from '../store/tables.js';

type Row = PaymentsDb['e_invoices'] & { waiting_for_invoice: boolean };

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function registrationOf(row: Row) {
  return {
    documentNumber: row.invoice_number,
    docType: row.doc_type,
    orderId: row.order_id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    waitingForInvoice: Boolean(row.waiting_for_invoice),
    queuedAt: new Date(row.created_at).toISOString(),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    irn: row.irn,
  };
}

/**
 * Operators' view of e-invoicing (docs/decisions/0165): the registrations that failed or are late, and a retry now.
 * The registrar keeps retrying by itself; the retry only brings the next attempt forward.
 */
export function eInvoiceRoutes(context: PaymentsContext, registrar: EInvoiceRegistrar | undefined) {
  const { db, settings } = context;
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.adminEInvoiceProblems, async (c) => {
    const rows = await troubledEInvoices(db, settings.E_INVOICE_LATE_MINUTES);
    return c.json({
      is_success: true,
      data: { enabled: settings.E_INVOICING, lateMinutes: settings.E_INVOICE_LATE_MINUTES, registrations: rows.map(registrationOf) },
    });
  });
  mount(app, paymentsOperations.adminEInvoiceRetry, async (c) => {
    const { documentNumber } = c.req.valid('json');
    await retryEInvoiceNow(db, documentNumber);
    const row = await eInvoiceForOperators(db, documentNumber);
    if (!row) throw notFound(`No e-invoice registration has the document number ${documentNumber}.`);
    let message: string;
    if (row.status === 'registered') message = `${documentNumber} is registered already, with IRN ${row.irn}.`;
    else if (!registrar) message = `${documentNumber} is due now, but e-invoicing is off: it is sent once E_INVOICING is on.`;
    else if (row.waiting_for_invoice) message = `${documentNumber} is due now and is sent as soon as its invoice has its IRN.`;
    else message = `${documentNumber} is being sent to the IRP again now.`;
    registrar?.kick();
    return c.json({ is_success: true, message, data: registrationOf(row) });
  });
  return app;
}
