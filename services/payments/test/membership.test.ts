import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, pdfText, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashfreeIn, current, decideMandate, paymentEvents, registerMember, startPayments, subscribe } from './helpers.js';

describe.each(DATABASE_KINDS)('membership on the Cashfree emulator on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;

  beforeAll(async () => {
    if (available) payments = await startPayments(kind);
  });
  afterAll(async () => payments?.close());

  it.runIf(available)('needs a complete profile first', async () => {
    const member = await registerMember(payments, { complete: false });
    const { status, body } = await payments.json('/subscription/create-upi-mandate', { method: 'POST', token: member.token, body: {} });
    expect(status).toBe(400);
    expect(body.message).toBe('Please complete your profile information before subscribing.');
  });

  it.runIf(available)('activates for a year when the member approves the UPI AutoPay mandate', async () => {
    const member = await registerMember(payments);
    expect(await current(payments, member)).toMatchObject({ has_subscription: false, subscription: null, credit_balance: 0 });
    const started = await subscribe(payments, member);
    expect(started).toMatchObject({ gateway: 'emulator', order_id: started.subscription_id });
    expect(started.payment_link).toMatch(/^http:\/\/localhost:3000\/pay\/simulator\/mandates\/sub_session_/);
    expect((await current(payments, member)).subscription).toMatchObject({ status: 'pending', amount: 1178.82, amount_paise: 117882 });

    const page = await payments.request(new URL(started.payment_link).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Authorise UPI AutoPay');
    expect(html).toContain('₹1,178.82');

    const returnTo = await decideMandate(payments, started.payment_link, 'success');
    expect(returnTo).toBe(`http://localhost:3000/order?order_id=${started.order_id}`);
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const data = await current(payments, member);
    const start = new Date(data.subscription.start_date);
    const end = new Date(data.subscription.end_date);
    expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(365 * 24 * 3600_000);
    expect(data.subscription).toMatchObject({
      plan_type: 'annual',
      frequency: 'yearly',
      currency: 'INR',
      days_until_expiry: expect.any(Number),
      auto_renewal: true,
      latest_payment: { status: 'success', order_id: started.order_id },
      mandate: { status: 'active', max_amount: 1178.82, mandate_id: expect.stringContaining('@upi') },
    });
    expect(data.subscription.days_until_expiry).toBeGreaterThanOrEqual(365);
    expect(data).toMatchObject({ credit_balance: 999, credit_balance_paise: 99_900 });

    const status = await payments.json(`/subscription/mandate-status/${started.order_id}`, { token: member.token });
    expect(status.body.data).toMatchObject({
      order_id: started.order_id,
      status: 'active',
      mandate_status: 'active',
      payment_method: 'upi',
      amount: 1178.82,
    });

    const announced = await sql<{
      data: { status: string };
    }>`select data from events where type = 'SubscriptionStatusChanged' and stream_id = ${`subscription-${started.subscription_id}`} order by position`.execute(
      payments.db,
    );
    expect(announced.rows.map((row) => row.data.status)).toEqual(['pending', 'active']);
  });

  it.runIf(available)('refuses a second membership while one is active, and offers the open attempt again', async () => {
    const member = await registerMember(payments);
    const first = await subscribe(payments, member);
    const again = await subscribe(payments, member);
    expect(again.subscription_id).toBe(first.subscription_id);
    await decideMandate(payments, first.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const { status, body } = await payments.json('/subscription/create-upi-mandate', { method: 'POST', token: member.token, body: {} });
    expect(status).toBe(409);
    expect(body.message).toBe('You already have an active membership.');
  });

  it.runIf(available)('fails when the mandate is declined, and a retry starts a new attempt', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'failure');
    await eventually(async () => (await current(payments, member)).subscription.status === 'failed');
    const failed = await current(payments, member);
    expect(failed.subscription.latest_payment).toMatchObject({ status: 'failed' });
    const row = await sql<{
      auto_failed: boolean;
      failure_reason: string;
    }>`select auto_failed, failure_reason from payments where order_id = ${started.order_id}`.execute(payments.db);
    expect(row.rows[0]).toMatchObject({ auto_failed: false });
    // The declined mandate stays declined: approving its page later is refused like Cashfree would, nothing debited.
    const mandatePage = new URL(started.payment_link).pathname;
    expect(await (await payments.request(mandatePage)).text()).toContain('This mandate is declined');
    const lateApproval = await payments.request(mandatePage, { method: 'POST', body: { outcome: 'success', upi_id: 'asha@upi' } });
    expect(lateApproval.status).toBe(409);
    expect(await lateApproval.text()).toContain('nothing was debited');
    expect((await current(payments, member)).subscription.status).toBe('failed');
    const retry = await subscribe(payments, member);
    expect(retry.subscription_id).not.toBe(started.subscription_id);
    await decideMandate(payments, retry.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
  });

  it.runIf(available)('issues one GST tax invoice per payment, CGST and SGST within Goa', async () => {
    const member = await registerMember(payments, { pincode: '403001' });
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const invoice = await sql<{
      invoice_number: string;
      document: any;
    }>`select invoice_number, document from invoices i join payments p on p.payment_id = i.payment_id where p.order_id = ${started.order_id}`.execute(
      payments.db,
    );
    expect(invoice.rows).toHaveLength(1);
    expect(invoice.rows[0]!.invoice_number).toMatch(/^EC\/\d{4}\/\d{6}$/);
    expect(invoice.rows[0]!.document).toMatchObject({
      taxablePaise: 99_900,
      cgstPaise: 8991,
      sgstPaise: 8991,
      igstPaise: 0,
      totalPaise: 117_882,
      placeOfSupply: { state: 'Goa', code: '30' },
      recipient: { name: 'Asha Rao', state: 'Goa' },
      supplier: { gstin: '30AABCE1234F1ZI', state: 'Goa' },
    });
    const list = await payments.json('/api/subscription/invoices', { token: member.token });
    expect(list.body.data).toHaveLength(1);
    const pdf = await payments.request(list.body.data[0].download_url, { token: member.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.toString('latin1').startsWith('%PDF-1.4')).toBe(true);
    const text = pdfText(bytes);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('CGST 9%');
    expect(text).toContain('Rs. 1,178.82');
    expect(text).toContain(invoice.rows[0]!.invoice_number);
  });

  it.runIf(available)('charges IGST to a member in another state, with their GSTIN', async () => {
    const member = await registerMember(payments, { pincode: '560001', gst: '29AABCT1332L1ZA' });
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const invoice = await sql<{
      document: any;
    }>`select document from invoices i join payments p on p.payment_id = i.payment_id where p.order_id = ${started.order_id}`.execute(
      payments.db,
    );
    expect(invoice.rows[0]!.document).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 17_982,
      placeOfSupply: { state: 'Karnataka', code: '29' },
      recipient: { gstin: '29AABCT1332L1ZA' },
    });
  });

  it.runIf(available)('lets only the member download their invoice (and admins any)', async () => {
    const owner = await registerMember(payments);
    const other = await registerMember(payments);
    const started = await subscribe(payments, owner);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, owner)).subscription.status === 'active');
    const paymentId = (await current(payments, owner)).subscription.latest_payment.payment_id;
    expect((await payments.request(`/api/subscription/invoice/${paymentId}`, { token: other.token })).status).toBe(404);
    expect((await payments.request(`/api/subscription/invoice/${paymentId}`)).status).toBe(401);
    expect((await payments.request(`/admin/invoices/${paymentId}`, { token: owner.token })).status).toBe(401);
    expect((await payments.request(`/admin/invoices/${paymentId}`, { token: payments.adminSession().token })).status).toBe(200);
  });

  it.runIf(available)("revokes only the member's own active mandate, ending the membership at once", async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const mandateId = (await current(payments, member)).subscription.mandate.mandate_id;
    const stranger = await registerMember(payments);
    const wrong = await payments.json(`/subscription/revoke-mandate/${encodeURIComponent(mandateId)}`, {
      method: 'PUT',
      token: stranger.token,
    });
    expect(wrong.status).toBe(404);
    const bad = await payments.json('/subscription/revoke-mandate/not-my-mandate', { method: 'PUT', token: member.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('No active mandate found to revoke.');
    const revoked = await payments.json(`/subscription/revoke-mandate/${encodeURIComponent(mandateId)}`, {
      method: 'PUT',
      token: member.token,
    });
    expect(revoked.body).toMatchObject({
      is_success: true,
      message: 'Mandate revoked successfully. Your subscription has been cancelled.',
    });
    expect((await current(payments, member)).subscription).toMatchObject({
      status: 'revoked',
      mandate: { status: 'cancelled' },
      auto_renewal: false,
    });
    expect(cashfreeIn(payments).state.subscriptions.get(started.subscription_id)?.entity.subscription_status).toBe('CANCELLED');
  });

  it.runIf(available)('POST /api/subscription/create answers the redirect URL the browser navigates to', async () => {
    const member = await registerMember(payments);
    const { status, body } = await payments.json('/api/subscription/create', {
      method: 'POST',
      token: member.token,
      body: { subscriptionType: 'annual' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ is_success: true, message: 'Redirecting to payment...' });
    expect(body.data.redirect_url).toMatch(/^http:\/\/localhost:3000\/pay\/simulator\/mandates\/sub_session_/);
    expect(body.data).toMatchObject({
      order_id: body.data.subscription_id,
      payment_link: body.data.redirect_url,
      payment_session_id: expect.any(String),
      gateway: 'emulator',
    });
    expect((await payments.request(new URL(body.data.redirect_url).pathname)).status).toBe(200);
    expect((await current(payments, member)).subscription).toMatchObject({ status: 'pending', subscription_id: body.data.subscription_id });
    // The same open attempt again, never a second mandate; and the edge refuses what it does not know.
    const again = await payments.json('/api/subscription/create', { method: 'POST', token: member.token, body: {} });
    expect(again.body.data.redirect_url).toBe(body.data.redirect_url);
    expect((await payments.json('/api/subscription/create', { method: 'POST', token: member.token, body: { plan: 'x' } })).status).toBe(
      400,
    );
    expect((await payments.json('/api/subscription/create', { method: 'POST', body: {} })).status).toBe(401);
    const incomplete = await registerMember(payments, { complete: false });
    const refused = await payments.json('/api/subscription/create', { method: 'POST', token: incomplete.token, body: {} });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Please complete your profile information before subscribing.' } });
  });

  it.runIf(available)('shows processing while the bank approves the mandate, then active', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    // The member has approved in their UPI app; the bank has not answered yet.
    const atCashfree = cashfreeIn(payments).state.subscriptions.get(started.subscription_id)!;
    atCashfree.authorization.authorization_status = 'PENDING';
    atCashfree.entity.subscription_status = 'BANK_APPROVAL_PENDING';
    const polled = await payments.json(`/subscription/mandate-status/${started.order_id}`, { token: member.token });
    expect(polled.body.data).toMatchObject({ status: 'pending', payment_status: 'processing' });
    expect((await current(payments, member)).subscription.latest_payment).toMatchObject({ status: 'processing' });
    // The bank approves, and Cashfree says so.
    cashfreeIn(payments).driver.authoriseMandate(started.subscription_id);
    cashfreeIn(payments).notifyMandate(started.subscription_id);
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentProcessing', 'PaymentSucceeded']);
  });

  it.runIf(available)('toggles auto-renewal and cancels through the shopper API', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const off = await payments.json('/api/subscription/toggle-auto-renewal', {
      method: 'POST',
      token: member.token,
      body: { autoRenewal: false },
    });
    expect(off.body.data).toMatchObject({ autoRenewal: false, status: 'active' });
    expect((await current(payments, member)).subscription.renewal_date).toBeNull();
    const bad = await payments.json('/api/subscription/toggle-auto-renewal', {
      method: 'POST',
      token: member.token,
      body: { autoRenewal: 'yes' },
    });
    expect(bad.status).toBe(400);
    const details = await payments.json('/api/subscription/details', { token: member.token });
    expect(details.body.data).toMatchObject({ status: 'active', autoRenewal: false, endDate: expect.any(String) });
    const cancelled = await payments.json('/api/subscription/cancel', {
      method: 'POST',
      token: member.token,
      body: { reason: 'Moving abroad' },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
  });

  it.runIf(available)("keeps members out of each other's mandate status", async () => {
    const owner = await registerMember(payments);
    const other = await registerMember(payments);
    const started = await subscribe(payments, owner);
    expect((await payments.json(`/subscription/mandate-status/${started.order_id}`, { token: other.token })).status).toBe(404);
    expect((await payments.json(`/subscription/mandate-status/${started.order_id}`)).status).toBe(401);
    expect(await paymentEvents(payments, (await current(payments, owner)).subscription.latest_payment.payment_id)).toEqual([
      'PaymentInitiated',
    ]);
  });
});
