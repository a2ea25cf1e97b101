import type { EventTables } from '@elts/platform';

export interface PaymentsTable {
  payment_id: string;
  order_id: string;
  member_id: string;
  amount_paise: number;
  currency: string;
  payment_type: string;
  purpose: string;
  subscription_id: string | null;
  gateway: string;
  status: string;
  method: string | null;
  gateway_payment_id: string | null;
  bank_reference: string | null;
  failure_reason: string | null;
  auto_failed: boolean;
  /** Failed because the payer called it off at checkout. */
  cancelled: boolean;
  timeout_minutes: number | null;
  timeout_at: Date | null;
  created_at: Date;
  processed_at: Date | null;
  updated_at: Date;
  /** A refund's payment: the payment it gives back (null for any other payment). */
  refund_of: string | null;
}

export interface SubscriptionsTable {
  subscription_id: string;
  member_id: string;
  status: string;
  plan_type: string;
  frequency: string;
  amount_paise: number;
  currency: string;
  auto_renewal: boolean;
  cycle: number;
  start_date: Date | null;
  end_date: Date | null;
  gateway: string;
  session_id: string;
  authorization_link: string | null;
  mandate_id: string | null;
  mandate_status: string | null;
  mandate_max_paise: number | null;
  next_execution_date: Date | null;
  latest_payment_id: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface MemberProfilesTable {
  member_id: string;
  email: string;
  firstname: string;
  lastname: string;
  mobile: string | null;
  address: string | null;
  profession_address: string | null;
  pincode: string | null;
  gst: string;
}

export interface PaymentsDb extends EventTables {
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  member_profiles: MemberProfilesTable;
  invoices: {
    invoice_number: string;
    payment_id: string;
    member_id: string;
    financial_year: string;
    issued_at: Date;
    total_paise: number;
    document: unknown;
    /** Set on a product order's invoice. */
    order_id: string | null;
  };
  invoice_counters: { series: string; financial_year: string; last_number: number };
  product_tax_facts: { product_id: string; hsn_code: string | null; gst_rate_percent: string | number | null };
  product_orders: { order_id: string; member_id: string; product_id: string; placed: unknown; buyer: unknown | null };
  /** B2B product invoices to register with the IRP, and its answers (docs/decisions/0162). */
  e_invoices: {
    order_id: string;
    /** The document's number: the invoice's, or for a CRN the credit note's (docs/decisions/0165). */
    invoice_number: string;
    doc_type: 'INV' | 'CRN';
    refund_id: string | null;
    status: 'pending' | 'registered';
    attempts: number;
    next_attempt_at: Date;
    claimed_until: Date | null;
    last_error: string | null;
    irn: string | null;
    ack_no: string | null;
    ack_date: string | null;
    signed_qr_code: string | null;
    signed_invoice: string | null;
    duplicate: boolean;
    created_at: Date;
    registered_at: Date | null;
  };
  credit_notes: {
    credit_note_number: string;
    refund_id: string;
    payment_id: string;
    invoice_number: string;
    member_id: string;
    financial_year: string;
    issued_at: Date;
    total_paise: number;
    document: unknown;
  };
  credit_note_counters: { financial_year: string; last_number: number };
  credit_ledger: {
    id: number;
    member_id: string;
    kind: 'grant' | 'spend' | 'release';
    amount_paise: number;
    subscription_id: string | null;
    order_id: string | null;
    expires_at: Date | null;
    created_at: Date;
  };
  webhook_receipts: { id: string; type: string; received_at: Date };
  processed_events: { consumer: string; event_id: string; processed_at: Date };
}
