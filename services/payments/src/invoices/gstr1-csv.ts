import { csvLine } from '@elts/platform';
import type { MonthReturn, ReturnInvoice, ReturnNote } from '../domain/gst-return.js';

/**
 * GSTR-1's sections as the CSV files the GST portal's offline tool imports (its templates' headings; decision
 * 0095): amounts in rupees to the paisa, dates as 20-Nov-2026, places of supply as 29-Karnataka. Cess is never
 * charged on what we sell, so its column is 0.
 */
export const GSTR1_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'hsn', 'cdnr', 'cdnur'] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const rupees = (paise: number) => (paise / 100).toFixed(2);
/** 2026-11-20 → 20-Nov-2026. */
const toolDate = (day: string) => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;

const invoiceCells = (row: ReturnInvoice) => [row.number, toolDate(row.date), rupees(row.valuePaise), row.placeOfSupply];
const noteCells = (row: ReturnNote) => [row.number, toolDate(row.date), 'C', row.placeOfSupply];
/** Applicable % of tax rate (none: the full rate), rate, taxable value, cess. */
const rateCells = (row: { ratePercent: number; taxablePaise: number }) => ['', row.ratePercent, rupees(row.taxablePaise), '0.00'];

const SECTIONS: { [S in Gstr1Section]: { header: string[]; rows: (data: MonthReturn) => unknown[][] } } = {
  b2b: {
    header: [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    rows: (data) =>
      data.b2b.map((row) => [row.gstin, row.name, ...invoiceCells(row), row.reverseCharge, '', 'Regular B2B', ...rateCells(row)]),
  },
  b2cl: {
    header: [
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    rows: (data) => data.b2cl.map((row) => [...invoiceCells(row), ...rateCells(row), '']),
  },
  b2cs: {
    header: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
    rows: (data) => data.b2cs.map((row) => ['OE', row.placeOfSupply, ...rateCells(row), '']),
  },
  hsn: {
    header: [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ],
    rows: (data) =>
      data.hsn.map((row) => [
        row.hsn,
        row.description,
        // The offline tool's list names a unit with its words; a service's NA has none.
        row.uqc === 'NOS' ? 'NOS-NUMBERS' : 'NA',
        row.quantity,
        rupees(row.valuePaise),
        row.ratePercent,
        rupees(row.taxablePaise),
        rupees(row.igstPaise),
        rupees(row.cgstPaise),
        rupees(row.sgstPaise),
        '0.00',
      ]),
  },
  cdnr: {
    header: [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    rows: (data) =>
      data.cdnr.map((row) => [
        row.gstin,
        row.name,
        ...noteCells(row),
        row.reverseCharge,
        'Regular B2B',
        rupees(row.valuePaise),
        ...rateCells(row),
      ]),
  },
  cdnur: {
    header: [
      'UR Type',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    rows: (data) => data.cdnur.map((row) => ['B2CL', ...noteCells(row), rupees(row.valuePaise), ...rateCells(row)]),
  },
};

/** One section of the month's return as the offline tool's CSV. */
export function gstr1Csv(section: Gstr1Section, data: MonthReturn): string {
  const { header, rows } = SECTIONS[section];
  return [header, ...rows(data)].map(csvLine).join('');
}
