import { todayInIndia } from '@elts/contracts/india-time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminSession, adminSignIn, createProduct, payOrder, placeUnpaidOrder, shipOrder } from '../src/admin.js';
import { baseURL, useBrowser, VIEWPORTS } from '../src/browser.js';
import { downloaded } from '../src/downloads.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();
/** A registered buyer (Karnataka's GSTIN): the order's invoice is filed invoice by invoice, in B2B. */
const BUYER_GSTIN = '29AABCT1332L1ZA';

/** Admin GETs as the page makes them (the raw token in Authorization). */
const asAdmin = async (path: string) => fetch(baseURL() + path, { headers: { authorization: await adminSignIn() } });

/** The order's invoice number, once payments has issued it (it hears of the shipment a moment after the operator's step). */
async function invoiceNumberOf(orderId: string): Promise<string> {
  for (const deadline = Date.now() + 15_000; ; ) {
    const answer = await asAdmin(`/admin/invoices/order/${encodeURIComponent(orderId)}`);
    const file = /filename="invoice-(.+)\.pdf"/.exec(answer.headers.get('content-disposition') ?? '')?.[1];
    if (answer.ok && file) return file.replace(/-/g, '/');
    if (Date.now() > deadline) throw new Error(`order ${orderId} has no invoice: ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A totals table's row by its first cell, as its cells read (each carries its column's name on a phone). */
const rowCells = (page: Page, table: string, first: string) =>
  page
    .getByRole('region', { name: table, exact: true })
    .getByRole('row', { name: new RegExp(first) })
    .getByRole('cell')
    .allTextContents();

// Issue 38 item 5: operators read a month's GSTR-1 totals and download its sections for the GST portal's offline tool.
describe('the GST Returns page', () => {
  it("totals the month of a shipped order's invoice and downloads the B2B section that lists it, at 390 and 1366 px", async () => {
    const product = await createProduct({ stock: 2 });
    const buyer = await subscriber({ profile: { gst: BUYER_GSTIN } });
    const placed = await placeUnpaidOrder(buyer.token, product.id);
    await payOrder(placed.payment_link);
    await shipOrder(placed.order_id);
    const invoice = await invoiceNumberOf(placed.order_id);
    const month = todayInIndia().slice(0, 7);

    const { page, pageErrors } = await browser.open('/admin/gst', { session: await adminSession(), viewport: VIEWPORTS.desktop });
    await page.getByRole('heading', { level: 1, name: 'GST Returns' }).waitFor();
    // It opens on the last whole month in India; this month (so far) holds the new invoice.
    const picker = page.getByLabel('Month', { exact: true });
    const [year, number] = month.split('-').map(Number) as [number, number];
    const lastMonth = number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
    expect(await picker.inputValue()).toBe(lastMonth);
    await picker.selectOption(month);
    await page.getByRole('region', { name: 'Totals by State', exact: true }).waitFor();

    // The page shows the month's figures as the server totals them, to the paisa, en-IN.
    const answer = (await (await asAdmin(`/admin/gst/returns?month=${month}`)).json()) as {
      data: { b2b: unknown[]; totals: { b2b: { taxablePaise: number; cgstPaise: number } } };
    };
    const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
    const b2b = await rowCells(page, 'B2B and B2C', 'B2B');
    expect(b2b.some((cell) => cell.endsWith(rupees(answer.data.totals.b2b.taxablePaise)))).toBe(true);
    expect(b2b.some((cell) => cell.endsWith(rupees(answer.data.totals.b2b.cgstPaise)))).toBe(true);
    // Delivered to Goa from the Goa supplier: intra-state, at 18%.
    expect((await rowCells(page, 'Totals by State', 'Goa \\(30\\)')).length).toBe(6);
    expect((await rowCells(page, 'Totals by Rate', '18%')).length).toBe(6);
    const sections = page.getByRole('region', { name: 'GSTR-1 Sections', exact: true });
    expect(await sections.getByRole('row', { name: /B2B Invoices to registered buyers/ }).textContent()).toContain(
      String(answer.data.b2b.length),
    );
    // E-invoicing is off in this product (decision 0162): its operators' section (decision 0165) says so, with nothing to retry.
    const eInvoices = page.getByRole('region', { name: 'E-Invoice Registrations Needing Attention', exact: true });
    await eInvoices.getByText(/^E-invoicing is off \(E_INVOICING\)/).waitFor();
    await eInvoices.getByText('Every registration is done or on time.').waitFor();
    await fitsAndReads(page);
    // Every table fits its box on the phone too (a row's card would otherwise scroll inside it, out of sight).
    await expect.poll(() => page.getByText(/^This table is wider than the page/).count()).toBe(0);

    // On the phone, the B2B section's file lists the invoice under the buyer's GSTIN.
    const csv = await downloaded(page, sections.getByRole('button', { name: 'Download B2B CSV' }));
    expect(csv.name).toBe(`GSTR1_b2b_${month}.csv`);
    expect(csv.text.split(/\r?\n/)[0]).toMatch(/^GSTIN\/UIN of Recipient,Receiver Name,Invoice Number,/);
    const line = csv.text.split(/\r?\n/).find((row) => row.includes(invoice));
    // Its value is what the member paid (the member's price), its taxable value that less 18% GST.
    const filed = new RegExp(
      `^${BUYER_GSTIN},Asha Rao,${invoice},\\d{2}-\\w{3}-\\d{4},(\\d+\\.\\d{2}),30-Goa,N,,Regular B2B,,18,(\\d+\\.\\d{2}),0\\.00$`,
    );
    const [, value, taxable] = filed.exec(line ?? '') ?? [];
    expect(line).toMatch(filed);
    expect(Math.abs(Number(taxable) * 1.18 - Number(value))).toBeLessThan(0.02);

    // The whole return as the offline tool's JSON (decision 0158), on the phone and on the laptop: the same invoice
    // under the buyer's GSTIN, its value and taxable value as the CSV wrote them, the place as its two-digit code.
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      const json = await downloaded(page, page.getByRole('button', { name: 'Download JSON' }));
      expect(json.name).toMatch(new RegExp(`^GSTR1_\\w{15}_${month}\\.json$`));
      const file = JSON.parse(json.text) as {
        gstin: string;
        fp: string;
        b2b: { ctin: string; inv: { inum: string; val: number; pos: string; itms: { itm_det: { txval: number; rt: number } }[] }[] }[];
      };
      expect(file.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
      expect(json.name).toContain(file.gstin);
      const filedJson = file.b2b?.find((group) => group.ctin === BUYER_GSTIN)?.inv.find((row) => row.inum === invoice);
      expect(filedJson).toMatchObject({ val: Number(value), pos: '30', itms: [{ itm_det: { txval: Number(taxable), rt: 18 } }] });
    }
    await page.setViewportSize(VIEWPORTS.phone);

    // A month with no documents says why it is empty.
    const oldest = await picker.locator('option').last().getAttribute('value');
    await picker.selectOption(oldest ?? '');
    await page.getByRole('heading', { name: 'Nothing to total' }).waitFor();
    await page.getByText(/^No invoices or credit notes were issued in \w+ \d{4}, so its return is nil\.$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
