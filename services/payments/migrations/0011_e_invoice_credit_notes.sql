-- E-invoicing's credit notes (issue 38, docs/decisions/0165): a credit note of an e-invoiced (B2B) invoice is
-- registered with the IRP as a document of type CRN, so a row is now one document, keyed by its number, and an
-- order has its invoice's row and one row per credit note.
alter table e_invoices drop constraint e_invoices_pkey;
alter table e_invoices add primary key (invoice_number);
-- 'INV' the order's tax invoice; 'CRN' a credit note against it (invoice_number is then the credit note's number).
alter table e_invoices add column doc_type text not null default 'INV' check (doc_type in ('INV', 'CRN'));
-- A credit note's refund: one credit note, and one registration, per refund.
alter table e_invoices add column refund_id text unique;
create unique index e_invoices_order_invoice on e_invoices (order_id) where doc_type = 'INV';
create index e_invoices_order on e_invoices (order_id);
