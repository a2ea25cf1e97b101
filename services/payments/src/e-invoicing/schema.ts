import { z } from 'zod';

/**
 * The e-invoice JSON the IRP takes (schema version 1.1, as notified by GSTN/NIC; docs/decisions/0162), written here
 * from the published JSON schema's required fields, patterns, lengths and bounds, for what a B2B supply of goods
 * uses, and the reference to the invoice a credit note reduces (docs/decisions/0165). Sections we never send (export,
 * e-way bill, payment, attributes, batches, contracts) are left out: the
 * schema makes them optional, and this one refuses any key it does not know, so nothing unchecked is sent.
 * The adapter checks each invoice with it before sending; the test IRP checks what it receives with it too.
 */

/** No double quote: the schema's pattern for free text. */
const text = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[^"]*$/, 'must not contain a double quote');
const stateCode = z.string().regex(/^(?!0+$)[0-9]{1,2}$/, 'must be a state code (1 to 2 digits, not 0)');
const gstin = z.string().regex(/^[0-9]{2}[0-9A-Z]{13}$/, 'must be a GSTIN (15 characters)');
const pincode = z.number().int().min(100000).max(999999);
const yesNo = z.enum(['Y', 'N']);
/** A document's number (an invoice's or a note's): at most 16 characters, as Rule 46(b) and the schema allow. */
const documentNumber = z
  .string()
  .max(16)
  .regex(/^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/, 'must start with a letter or 1-9 and hold only letters, digits, / and -');
const date = z.string().regex(/^[0-3][0-9]\/[0-1][0-9]\/20[0-9]{2}$/, 'must be dd/mm/yyyy');

/**
 * A non-negative amount in rupees with at most `decimals` decimals, below `below` (the schema's maxima are all nines:
 * 999999999999.99 is 'below 1e12' at two decimals).
 */
const amount = (below: number, decimals = 2) =>
  z
    .number()
    .min(0)
    .lt(below)
    .refine((value) => Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6, `at most ${decimals} decimals`);
const itemAmount = amount(1e12);
const totalAmount = amount(1e14);
const rate = amount(1000, 3);

const party = {
  LglNm: text(3, 100),
  TrdNm: text(3, 100).optional(),
  Addr1: text(1, 100),
  Addr2: text(3, 100).optional(),
  Pin: pincode,
  Stcd: stateCode,
  Ph: z
    .string()
    .regex(/^[0-9]{6,12}$/)
    .optional(),
  Em: z
    .string()
    .min(6)
    .max(100)
    .regex(/^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$/)
    .optional(),
};

export const eInvoiceItemSchema = z.strictObject({
  SlNo: z.string().regex(/^[0-9]{1,6}$/),
  PrdDesc: text(3, 300).optional(),
  IsServc: yesNo,
  HsnCd: z.string().regex(/^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$/, 'must be an HSN code of 4, 6 or 8 digits'),
  Qty: amount(1e10, 3).optional(),
  FreeQty: amount(1e10, 3).optional(),
  Unit: z
    .string()
    .regex(/^[A-Za-z]{3,8}$/)
    .optional(),
  UnitPrice: amount(1e12, 3),
  TotAmt: itemAmount,
  Discount: itemAmount.optional(),
  PreTaxVal: itemAmount.optional(),
  AssAmt: itemAmount,
  GstRt: rate,
  IgstAmt: itemAmount.optional(),
  CgstAmt: itemAmount.optional(),
  SgstAmt: itemAmount.optional(),
  CesRt: rate.optional(),
  CesAmt: itemAmount.optional(),
  CesNonAdvlAmt: itemAmount.optional(),
  StateCesRt: rate.optional(),
  StateCesAmt: itemAmount.optional(),
  StateCesNonAdvlAmt: itemAmount.optional(),
  OthChrg: itemAmount.optional(),
  TotItemVal: itemAmount,
  OrdLineRef: text(1, 50).optional(),
});

/** Amounts the IRP reconciles may differ by rounding: we allow a rupee, as the IRP's own checks are said to. */
const TOLERANCE = 1;
const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;
const sum = (values: (number | undefined)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

export const eInvoiceSchema = z
  .strictObject({
    Version: z.literal('1.1'),
    TranDtls: z.strictObject({
      TaxSch: z.literal('GST'),
      SupTyp: z.enum(['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP']),
      RegRev: yesNo.optional(),
      EcmGstin: gstin.nullable().optional(),
      IgstOnIntra: yesNo.optional(),
    }),
    DocDtls: z.strictObject({ Typ: z.enum(['INV', 'CRN', 'DBN']), No: documentNumber, Dt: date }),
    SellerDtls: z.strictObject({ Gstin: gstin, ...party, Loc: text(3, 50) }),
    BuyerDtls: z.strictObject({
      Gstin: z.string().regex(/^([0-9]{2}[0-9A-Z]{13}|URP)$/),
      ...party,
      Pos: stateCode,
      Loc: text(3, 100),
      // The schema leaves the buyer's pincode optional (an export's buyer has none); ours always has one.
      Pin: pincode.optional(),
    }),
    ShipDtls: z
      .strictObject({
        Gstin: z
          .string()
          .regex(/^([0-9]{2}[0-9A-Z]{13}|URP)$/)
          .optional(),
        LglNm: text(3, 100),
        TrdNm: text(3, 100).optional(),
        Addr1: text(1, 100),
        Addr2: text(3, 100).optional(),
        Loc: text(3, 100),
        Pin: pincode,
        Stcd: stateCode,
      })
      .optional(),
    // References: for a credit or debit note, the invoice it changes (PrecDocDtls); a remark (the reason).
    RefDtls: z
      .strictObject({
        InvRm: text(3, 100).optional(),
        PrecDocDtls: z
          .array(z.strictObject({ InvNo: documentNumber, InvDt: date, OthRefNo: text(1, 20).optional() }))
          .min(1)
          .max(100)
          .optional(),
      })
      .optional(),
    ItemList: z.array(eInvoiceItemSchema).min(1).max(1000),
    ValDtls: z.strictObject({
      AssVal: totalAmount,
      CgstVal: totalAmount.optional(),
      SgstVal: totalAmount.optional(),
      IgstVal: totalAmount.optional(),
      CesVal: totalAmount.optional(),
      StCesVal: totalAmount.optional(),
      Discount: totalAmount.optional(),
      OthChrg: totalAmount.optional(),
      RndOffAmt: z.number().min(-99.99).max(99.99).optional(),
      TotInvVal: totalAmount,
    }),
  })
  // The IRP's business checks on the figures, as its documentation states them (the schema cannot express them).
  .superRefine((invoice, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
    const interState = invoice.BuyerDtls.Pos !== invoice.SellerDtls.Stcd;
    invoice.ItemList.forEach((item, index) => {
      const at = (key: string) => ['ItemList', index, key];
      if (!near(item.AssAmt, item.TotAmt - (item.Discount ?? 0))) issue(at('AssAmt'), 'must be TotAmt less Discount');
      if (item.Qty !== undefined && !near(item.TotAmt, item.UnitPrice * item.Qty)) issue(at('TotAmt'), 'must be UnitPrice times Qty');
      const taxes = [item.IgstAmt, item.CgstAmt, item.SgstAmt, item.CesAmt, item.CesNonAdvlAmt, item.StateCesAmt, item.StateCesNonAdvlAmt];
      if (!near(item.TotItemVal, item.AssAmt + sum(taxes) + (item.OthChrg ?? 0)))
        issue(at('TotItemVal'), 'must be AssAmt plus taxes and charges');
      if (interState && ((item.CgstAmt ?? 0) > 0 || (item.SgstAmt ?? 0) > 0))
        issue(at('CgstAmt'), 'an inter-state supply is taxed as IGST');
      if (!interState && invoice.TranDtls.IgstOnIntra !== 'Y' && (item.IgstAmt ?? 0) > 0)
        issue(at('IgstAmt'), 'an intra-state supply is taxed as CGST and SGST');
    });
    if (invoice.DocDtls.Typ !== 'INV' && !invoice.RefDtls?.PrecDocDtls)
      issue(['RefDtls', 'PrecDocDtls'], 'a credit or debit note must name the invoice it changes');
    const totals = invoice.ValDtls;
    if (!near(totals.AssVal, sum(invoice.ItemList.map((item) => item.AssAmt)))) issue(['ValDtls', 'AssVal'], 'must be the sum of AssAmt');
    const expected =
      sum([
        totals.AssVal,
        totals.CgstVal,
        totals.SgstVal,
        totals.IgstVal,
        totals.CesVal,
        totals.StCesVal,
        totals.OthChrg,
        totals.RndOffAmt,
      ]) - (totals.Discount ?? 0);
    if (!near(totals.TotInvVal, expected)) issue(['ValDtls', 'TotInvVal'], 'must be the values and taxes, less discount, plus round-off');
  });

export type EInvoice = z.output<typeof eInvoiceSchema>;

/** The issues of an invalid e-invoice as one line each ("ItemList.0.HsnCd: must be ..."). */
export const eInvoiceProblems = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.join('.') || '(invoice)'}: ${issue.message}`);
