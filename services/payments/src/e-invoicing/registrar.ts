import type { Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import { claimDueEInvoices, type DueEInvoice, eInvoiceSource, noteEInvoiceFailure, saveRegistration } from '../store/e-invoices.js';
import type { PaymentsDb } from '../store/tables.js';
import { EInvoiceInvalid, type InvoiceRegistrationPort } from './irp-client.js';
import { eInvoiceOf, type SupplierPlace } from './mapping.js';

export interface RegistrarOptions {
  pollMs: number;
  /** The wait after a first failure, doubled at each one after, up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How long an instance holds a registration it is sending (past it, another may take it). */
  leaseSeconds?: number;
  /** From this many failed attempts, each failure is logged as an error (someone should look). */
  errorAfterAttempts?: number;
}

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min... up to an hour by default. */
export function retryDelayMs(attempts: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.max(0, attempts - 1));
}

/**
 * The one owner of IRN registration (docs/decisions/0162): the invoices the issuing transaction queued (B2B, with
 * e-invoicing on) are claimed from the database, mapped, checked against the schema and sent; the IRN, the
 * acknowledgement and the signed QR code are stored once. A failure (the IRP away, a refusal) is logged and tried
 * again later, longer each time; it never touches the invoice, which is issued already. Registrations are never
 * stacked: a row is held by one instance while it is sent, and a registered row is never sent again.
 */
export class EInvoiceRegistrar {
  private poll: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> | undefined;
  private readonly db: Kysely<PaymentsDb>;
  private readonly irp: InvoiceRegistrationPort;
  private readonly supplier: SupplierPlace;
  private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;

  constructor(
    parts: {
      db: Kysely<PaymentsDb>;
      irp: InvoiceRegistrationPort;
      supplier: SupplierPlace;
      logger: Pick<Logger, 'info' | 'warn' | 'error'>;
    },
    private readonly options: RegistrarOptions,
  ) {
    ({ db: this.db, irp: this.irp, supplier: this.supplier, logger: this.logger } = parts);
  }

  start(): void {
    this.poll = setInterval(() => this.kick(), this.options.pollMs);
    this.poll.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.poll);
    await this.pass;
  }

  /** Looks for due registrations now, unless a pass is under way (passes never overlap in one process). */
  kick(): void {
    const passDone = () => {
      this.pass = undefined;
    };
    const passFailed = (error: unknown) =>
      this.logger.warn({ err: error }, 'e-invoice registration pass failed; the next poll tries again');
    this.pass ??= this.drain().catch(passFailed).finally(passDone);
  }

  /** Registers every due invoice, batch after batch; returns how many were attempted. Tests call it directly. */
  async drain(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const due = await claimDueEInvoices(this.db, this.options.leaseSeconds ?? 120, 20);
      if (due.length === 0) return attempted;
      for (const row of due) await this.registerOne(row);
      attempted += due.length;
    }
  }

  private async registerOne(row: DueEInvoice): Promise<void> {
    const { order_id: orderId, invoice_number: invoiceNumber, doc_type: docType, attempts } = row;
    try {
      const source = await eInvoiceSource(this.db, row);
      if (!source) throw new Error(`its ${docType === 'CRN' ? 'credit note' : 'invoice'} or order is not found`);
      const einvoice = eInvoiceOf(source.invoice, source.order, this.supplier);
      if (!einvoice) throw new Error('it names no GSTIN: a B2C document is not e-invoiced');
      const answer = await this.irp.register(einvoice);
      const stored = await saveRegistration(this.db, invoiceNumber, answer);
      this.logger.info(
        { orderId, invoiceNumber, docType, irn: answer.irn, ackNo: answer.ackNo, duplicate: answer.duplicate, stored },
        answer.duplicate ? 'e-invoice was registered before: its first IRN is kept' : 'e-invoice registered',
      );
    } catch (error) {
      const wait = retryDelayMs(attempts, this.options.firstRetryMs ?? 30_000, this.options.maxRetryMs ?? 3_600_000);
      const message = error instanceof Error ? error.message : String(error);
      await noteEInvoiceFailure(this.db, invoiceNumber, message, Math.ceil(wait / 1000));
      const failing = attempts >= (this.options.errorAfterAttempts ?? 5) || error instanceof EInvoiceInvalid;
      this.logger[failing ? 'error' : 'warn'](
        { orderId, invoiceNumber, docType, attempt: attempts, retryInSeconds: Math.ceil(wait / 1000), err: message },
        'e-invoice registration failed; the document stands and the registration is tried again',
      );
    }
  }
}
