import { describe, expect, it } from 'vitest';

// Waiting for the screens and the server on a busy machine: a wait with a limit, not a timed assertion.
const WAIT = { timeout: 10_000 };

import { seriousViolations } from '../src/accessibility.js';
import { baseURL, useBrowser } from '../src/browser.js';
import { completeProfile, signUp } from '../src/members.js';
import {
  currentSubscription,
  decideMandate,
  factValue,
  istDate,
  openPanel,
  PANEL_PATH,
  panelStatus,
  payFromPanel,
} from './membership-steps.js';

const browser = useBrowser();

/** A signed-in member with a complete profile, on the subscription panel with nothing paid yet. */
async function memberOnPanel() {
  const member = await signUp();
  await completeProfile(member);
  const { page, pageErrors, cspViolations } = await browser.open(PANEL_PATH, { session: member.session });
  await openPanel(page, baseURL());
  return { member, page, pageErrors, cspViolations };
}

describe('becoming a member through the payment simulator', () => {
  it('subscribes by UPI: Subscription Activated!, then the profile shows active, valid until a year later', async () => {
    const { member, page, pageErrors, cspViolations } = await memberOnPanel();
    expect(await page.getByText('Get access to exclusive deals and savings').count()).toBe(1);

    await payFromPanel(page, 'SUBSCRIBE NOW');
    expect(await page.evaluate(() => sessionStorage.getItem('order_type'))).toBe('subscription');
    await decideMandate(page, 'approve');

    await page.getByRole('heading', { name: 'Subscription Activated!' }).waitFor();
    const api = await currentSubscription(baseURL(), member.token);
    expect(await factValue(page, 'Order ID')).toBe(api.order_id);
    expect(await factValue(page, 'Mandate ID')).toBe(api.mandate.mandate_id);
    expect(await factValue(page, 'Mandate Status')).toBe('ACTIVE');
    expect(await factValue(page, 'Status')).toBe('ACTIVE');
    expect(await factValue(page, 'Payment Method')).toBe('UPI');
    expect(await factValue(page, 'Amount')).toBe('₹1,178.82');
    expect(await seriousViolations(page)).toEqual([]);
    // After a success the page forgets the order it was paying (spec: after 5 s).
    await page.waitForFunction(() => sessionStorage.getItem('current_order_id') === null, undefined, { timeout: 8000 });

    await page.getByRole('link', { name: 'View Subscription Details' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '?section=subscription');
    await page.getByRole('region', { name: 'CURRENT SUBSCRIPTION' }).waitFor();
    expect(await panelStatus(page)).toEqual({ label: 'Active', tone: 'green' });
    const start = new Date(api.start_date);
    const end = new Date(api.end_date);
    expect([end.getUTCFullYear() - start.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()]).toEqual([
      1,
      start.getUTCMonth(),
      start.getUTCDate(),
    ]);
    expect(await factValue(page, 'Valid Until')).toBe(istDate(api.end_date));
    expect(await page.getByRole('button', { name: 'SUBSCRIBE NOW' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'REVOKE MANDATE' }).count()).toBe(1);

    // The details modal, with the auto-renewal switch working against the server.
    await page.getByRole('button', { name: 'VIEW DETAILS' }).click();
    const details = page.getByRole('dialog', { name: 'Subscription Details' });
    const autoRenewal = details.getByRole('checkbox', { name: 'Auto-renewal' });
    await expect.poll(() => autoRenewal.isEnabled(), WAIT).toBe(true);
    expect(await autoRenewal.isChecked()).toBe(true);
    await autoRenewal.uncheck();
    await expect.poll(async () => (await currentSubscription(baseURL(), member.token)).auto_renewal, WAIT).toBe(false);
    await expect.poll(() => autoRenewal.isChecked(), WAIT).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it('shows Payment Failed for a declined mandate, and RETRY PAYMENT then works', async () => {
    const { member, page } = await memberOnPanel();
    await payFromPanel(page, 'SUBSCRIBE NOW');
    await decideMandate(page, 'decline');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    expect(await factValue(page, 'Status')).toBe('FAILED');

    await page.getByRole('link', { name: 'Try Payment Again' }).click();
    await page.getByRole('region', { name: 'CURRENT SUBSCRIPTION' }).waitFor();
    expect(await panelStatus(page)).toEqual({ label: 'Failed', tone: 'red' });
    await payFromPanel(page, 'RETRY PAYMENT');
    await decideMandate(page, 'approve');
    await page.getByRole('heading', { name: 'Subscription Activated!' }).waitFor();
    expect((await currentSubscription(baseURL(), member.token)).status).toBe('active');
    await page.close();
  });

  it('revoking the mandate cancels the subscription at once', async () => {
    const { member, page } = await memberOnPanel();
    await payFromPanel(page, 'SUBSCRIBE NOW');
    await decideMandate(page, 'approve');
    await page.getByRole('heading', { name: 'Subscription Activated!' }).waitFor();

    await openPanel(page, baseURL());
    await page.getByRole('button', { name: 'REVOKE MANDATE' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Mandate Revocation' });
    // What the member gives up, before they confirm (decision 0097).
    await confirm.getByText(/^You give up the \d+ paid days left of your membership \(to \d\d\/\d\d\/\d{4}\)/).waitFor();
    await confirm.getByRole('button', { name: 'REVOKE MANDATE' }).click();
    await page.getByText('Mandate revoked successfully. Your subscription has been cancelled.').waitFor();
    // The panel reloads a second later: the subscription has ended and the mandate can no longer be revoked.
    await expect.poll(async () => (await panelStatus(page)).label, WAIT).toBe('Revoked');
    expect((await panelStatus(page)).tone).toBe('grey');
    expect(await page.getByRole('button', { name: 'REVOKE MANDATE' }).count()).toBe(0);
    // Revoking ended the membership: coming back is a new subscription (membership-revoked.test.ts has the rest).
    expect(await page.getByRole('button', { name: 'SUBSCRIBE NOW' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'RETRY PAYMENT' }).count()).toBe(0);
    const api = await currentSubscription(baseURL(), member.token);
    expect([api.status, api.mandate.status]).toEqual(['revoked', 'cancelled']);
    await page.close();
  });
});

describe('what stops a member from subscribing', () => {
  it('asks for a complete profile before starting a payment', async () => {
    const member = await signUp({ name: 'Asha' });
    await fetch(`${baseURL()}/user/update-profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ address: '12 MG Road, Panaji', pincode: '403001' }),
    });
    const { page } = await browser.open(PANEL_PATH, { session: member.session });
    await openPanel(page, baseURL());
    await page.getByRole('button', { name: 'SUBSCRIBE NOW' }).click();
    await page
      .getByRole('dialog', { name: 'Subscription Pricing' })
      .getByRole('button', { name: /PROCEED TO PAY/ })
      .click();
    await page.getByText('Please complete your profile information before subscribing.').waitFor();
    expect(page.url()).toContain(PANEL_PATH);
    expect((await currentSubscription(baseURL(), member.token)) ?? null).toBeNull();
    await page.close();
  });

  it("disables SUBSCRIBE NOW where the courier cannot deliver: 'Pincode not serviceable currently'", async () => {
    const member = await signUp();
    await completeProfile(member, { pincode: '999999' });
    const { page } = await browser.open(PANEL_PATH, { session: member.session });
    await openPanel(page, baseURL());
    await page.getByText('Pincode not serviceable currently').waitFor();
    expect(await page.getByRole('button', { name: 'SUBSCRIBE NOW' }).isDisabled()).toBe(true);
    expect(await page.getByText('Get access to exclusive deals and savings').count()).toBe(0);
    await page.close();
  });
});
