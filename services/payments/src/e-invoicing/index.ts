import type { Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { PaymentsSettings } from '../settings.js';
import type { PaymentsDb } from '../store/tables.js';
import { NicIrpClient } from './irp-client.js';
import { EInvoiceRegistrar } from './registrar.js';

/**
 * E-invoicing's registrar on the NIC IRP, when E_INVOICING is on (docs/decisions/0162); undefined when it is off,
 * so nothing is queued, sent or started. The settings' refine has made sure every credential is there.
 */
export function eInvoicing(settings: PaymentsSettings, db: Kysely<PaymentsDb>, logger: Logger): EInvoiceRegistrar | undefined {
  if (!settings.E_INVOICING) return undefined;
  const irp = new NicIrpClient({
    baseUrl: (settings.IRP_BASE_URL ?? '').replace(/\/$/, ''),
    clientId: settings.IRP_CLIENT_ID ?? '',
    clientSecret: settings.IRP_CLIENT_SECRET ?? '',
    gstin: settings.SUPPLIER_GSTIN,
    username: settings.IRP_USERNAME ?? '',
    password: settings.IRP_PASSWORD ?? '',
    publicKeyPem: settings.IRP_PUBLIC_KEY ?? '',
  });
  const place = { location: settings.SUPPLIER_LOCATION, pincode: settings.SUPPLIER_PINCODE };
  return new EInvoiceRegistrar({ db, irp, supplier: place, logger }, { pollMs: settings.E_INVOICE_POLL_SECONDS * 1000 });
}
