import { todayInIndia } from '@elts/contracts';
import { pdfText } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import {
  adminCall,
  adminSession,
  adminSignIn,
  createProduct,
  fulfilmentStep,
  payOrder,
  placeUnpaidOrder,
  shipOrder,
} from '../src/admin.js';
import { useBrowser, VIEWPORTS } from '../src/browser.js';
import { downloaded } from '../src/downloads.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();

// Issue 38: each product carries its GST tax facts, and a shipped order's tax invoice is downloaded by its member
// (order page and order history) and by operators (Orders page).
describe('GST tax invoices', () => {
  it('asks for the HSN code and GST rate in the product form, on a phone and a laptop', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page } = await browser.open('/admin/products', { session: await adminSession(), viewport });
      await page.getByRole('button', { name: 'Add Product' }).click();
      const form = page.getByRole('dialog', { name: 'Add Product' });
      await form.getByLabel('HSN Code').fill('85a18');
      expect(await form.getByLabel('HSN Code').inputValue()).toBe('8518');
      await form.getByRole('button', { name: 'Save Product' }).click();
      await form.getByText('GST rate is required').waitFor();
      await form.getByLabel('GST Rate').selectOption('18');
      await form.getByLabel('HSN Code').fill('85183');
      await form.getByRole('button', { name: 'Save Product' }).click();
      await form.getByText('HSN code must be 4, 6 or 8 digits').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    }
  });

  it('gives a shipped order its invoice on the order page, in the order history and on the Orders page', async () => {
    const product = await createProduct({ stock: 2 });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    await payOrder(placed.payment_link);

    // Before it ships there is no invoice to offer.
    const before = await browser.open(`/order?order_id=${placed.order_id}`, { session: member.session, viewport: VIEWPORTS.phone });
    await before.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await before.page.getByRole('button', { name: 'Download Invoice' }).count()).toBe(0);
    await before.page.close();

    await shipOrder(placed.order_id);

    const { page } = await browser.open(`/order?order_id=${placed.order_id}`, { session: member.session, viewport: VIEWPORTS.phone });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    // Payments issues the invoice when it hears of the shipment: a moment after the operator's step.
    let invoice = { name: '', text: '' };
    for (const deadline = Date.now() + 15_000; !invoice.text.startsWith('%PDF'); ) {
      const button = page.getByRole('button', { name: 'Download Invoice' });
      try {
        invoice = await downloaded(page, button);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await page.waitForTimeout(500);
      }
    }
    expect(invoice.name).toMatch(/^invoice-EG-\d{4}-\d{6}\.pdf$/);
    // The page's text, read out of its compressed content stream.
    const shown = pdfText(Buffer.from(invoice.text, 'latin1'));
    expect(shown).toContain('TAX INVOICE');
    expect(shown).toContain('85167990');
    expect(shown).toContain('Place of supply: Goa (30)');
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();

    const history = await browser.open('/profile?section=orders', { session: member.session, viewport: VIEWPORTS.desktop });
    const card = history.page.getByRole('listitem', { name: `Order ${placed.order_id}` });
    expect((await downloaded(history.page, card.getByRole('button', { name: 'Download Invoice' }))).name).toBe(invoice.name);
    expect(await seriousViolations(history.page)).toEqual([]);
    await history.page.close();

    const orders = await browser.open('/admin/orders', { session: await adminSession(), viewport: VIEWPORTS.desktop });
    await orders.page.getByLabel('Search').fill(placed.order_id);
    const button = orders.page.getByRole('button', { name: `Download invoice of order ${placed.order_id}` });
    expect((await downloaded(orders.page, button)).name).toBe(invoice.name);
    await orders.page.close();
  });

  // Issue 38 item 3: a member names the business an order is invoiced to, and corrects it, until the order ships.
  it("names a business's GSTIN on the order before it ships, on a phone and a laptop, and the invoice carries it", async () => {
    const product = await createProduct({ stock: 2 });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    await payOrder(placed.payment_link);
    const address = `/order?order_id=${placed.order_id}`;

    for (const [viewport, name] of [
      [VIEWPORTS.phone, 'Rao Traders'],
      [VIEWPORTS.desktop, 'Rao Traders Private Limited'],
    ] as const) {
      const { page, pageErrors } = await browser.open(address, { session: member.session, viewport });
      const form = page.getByRole('region', { name: 'Invoice to a Business' });
      await form.waitFor();
      // A Karnataka GSTIN for an order billed in Goa is refused with the reason.
      await form.getByLabel('GSTIN').fill('29aabct1332l1za');
      await form.getByLabel('Legal Name').fill(name);
      await form.getByRole('button', { name: /GSTIN$/ }).click();
      await form.getByRole('alert').getByText('This GSTIN is registered in Karnataka (29), but the order').waitFor();
      await form.getByLabel('GSTIN').fill('30AABCE1234F1ZI');
      await form.getByRole('button', { name: /GSTIN$/ }).click();
      await form.getByText(`The tax invoice will name ${name} (GSTIN 30AABCE1234F1ZI).`).waitFor();
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    }

    await shipOrder(placed.order_id);
    const { page } = await browser.open(address, { session: member.session, viewport: VIEWPORTS.phone });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    let invoice = { name: '', text: '' };
    for (const deadline = Date.now() + 15_000; !invoice.text.startsWith('%PDF'); ) {
      try {
        invoice = await downloaded(page, page.getByRole('button', { name: 'Download Invoice' }));
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await page.waitForTimeout(500);
      }
    }
    // Shipped: the invoice names the business as last corrected, and the form is gone.
    const shown = pdfText(Buffer.from(invoice.text, 'latin1'));
    expect(shown).toContain('Rao Traders Private Limited');
    expect(shown).toContain('GSTIN: 30AABCE1234F1ZI');
    expect(await page.getByRole('region', { name: 'Invoice to a Business' }).count()).toBe(0);
    await page.close();
  });

  // Issue 38: the member's GST documents in the app (the API served them and no screen linked them): the
  // membership's and the order's invoices, and the credit note of an exchange refunded for want of a replacement.
  it("lists the member's invoices and credit notes on the Subscription section, each downloaded, at 390 and 1366 px", async () => {
    const product = await createProduct({ stock: 1 });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    await payOrder(placed.payment_link);
    await shipOrder(placed.order_id);
    await fulfilmentStep(placed.order_id, { step: 'delivered', delivered_on: todayInIndia() });
    // The one unit was sold, so the operator's approval finds no replacement and refunds the order instead.
    const exchange = `/product/order/${encodeURIComponent(placed.order_id)}/exchange`;
    await adminCall(exchange, { token: member.token, body: { reason: 'damaged', note: 'The lid arrived cracked in two.' } });
    const exchangeId = `${placed.order_id}-X1`;
    await adminCall(`/admin/exchanges/${encodeURIComponent(exchangeId)}/approve`, { method: 'POST', token: await adminSignIn() });

    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page, pageErrors } = await browser.open('/profile?section=subscription', { session: member.session, viewport });
      // Payments issues the credit note when the refund settles: a moment after the approval.
      const notes = page.getByRole('region', { name: 'Credit notes' });
      for (const deadline = Date.now() + 20_000; (await notes.count()) === 0; ) {
        if (Date.now() > deadline) throw new Error('no credit note was listed');
        await page.waitForTimeout(1_000);
        await page.reload();
        await page.getByRole('region', { name: 'Tax invoices' }).waitFor();
      }
      const invoices = page.getByRole('region', { name: 'Tax invoices' });
      const membership = await downloaded(page, invoices.getByRole('button', { name: /^Download EC\// }));
      expect(membership.name).toMatch(/^invoice-EC-\d{4}-\d{6}\.pdf$/);
      expect(pdfText(Buffer.from(membership.text, 'latin1'))).toContain('TAX INVOICE');
      const goods = await downloaded(page, invoices.getByRole('button', { name: /^Download EG\// }));
      const goodsNumber = /^invoice-(EG-\d{4}-\d{6})\.pdf$/.exec(goods.name)?.[1]?.replace(/-/g, '/');
      expect(goodsNumber).toBeDefined();
      await notes.getByText(`against ${goodsNumber}`).waitFor();
      const note = await downloaded(page, notes.getByRole('button', { name: /^Download CN\// }));
      expect(note.name).toMatch(/^credit-note-CN-\d{4}-\d{6}\.pdf$/);
      const shown = pdfText(Buffer.from(note.text, 'latin1'));
      expect(shown).toContain('CREDIT NOTE');
      expect(shown).toContain(`Against tax invoice ${goodsNumber}`);
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    }
  });
});
