import { settings as platformSettings, secret } from '@elts/platform';
import { z } from 'zod';

/**
 * E-invoicing's settings (docs/decisions/0162), spread into payments' own. Off by default: nothing is registered and
 * nothing else changes. On, the IRP's API credentials and public key are required.
 */
export const eInvoicingSettings = {
  /** Register B2B product invoices with the Invoice Registration Portal (required above Rs 5 crore of turnover). */
  E_INVOICING: platformSettings.booleanFlag.default(false),
  /** The IRP's API base (NIC's sandbox or production, or a GSP's), without a trailing slash. */
  IRP_BASE_URL: z.url().optional(),
  IRP_CLIENT_ID: z.string().min(1).optional(),
  IRP_CLIENT_SECRET: secret(z.string().min(1)).optional(),
  /** The API user created on the e-invoice portal for this GSTIN, and its password. */
  IRP_USERNAME: z.string().min(1).optional(),
  IRP_PASSWORD: secret(z.string().min(1)).optional(),
  /** The IRP's RSA public key (PEM; `\n` may stand for each line break), which encrypts the login. */
  IRP_PUBLIC_KEY: z
    .string()
    .transform((pem) => pem.replace(/\\n/g, '\n'))
    .refine((pem) => pem.includes('PUBLIC KEY-----'), 'must be a PEM public key')
    .optional(),
  /** The supplier's town and pincode, which the e-invoice asks apart from SUPPLIER_ADDRESS. */
  SUPPLIER_LOCATION: z.string().min(3).max(50).default('Panaji'),
  SUPPLIER_PINCODE: z
    .string()
    .regex(/^[1-9][0-9]{5}$/)
    .default('403001'),
  /** How often invoices waiting for their IRN are looked for (a failed registration waits longer each time). */
  E_INVOICE_POLL_SECONDS: z.coerce.number().int().positive().default(15),
  /** A registration pending longer than this is shown to operators (GST Returns page) even before any failure. */
  E_INVOICE_LATE_MINUTES: z.coerce.number().int().positive().default(30),
};

const required = ['IRP_BASE_URL', 'IRP_CLIENT_ID', 'IRP_CLIENT_SECRET', 'IRP_USERNAME', 'IRP_PASSWORD', 'IRP_PUBLIC_KEY'] as const;

type EInvoicingSettings = { E_INVOICING: boolean } & Partial<Record<(typeof required)[number], string>>;

/** For payments' settings' refine: with e-invoicing on, every IRP credential is set. */
export const eInvoicingComplete: [(settings: EInvoicingSettings) => boolean, { path: string[]; message: string }] = [
  (settings) => !settings.E_INVOICING || required.every((name) => Boolean(settings[name])),
  { path: ['E_INVOICING'], message: `needs ${required.join(', ')}` },
];
