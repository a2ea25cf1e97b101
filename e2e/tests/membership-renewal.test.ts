import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../src/browser.js';
import { subscriber } from '../src/members.js';
import { type ProductProcess, startProductProcess } from '../src/product-process.js';
import {
  ADMIN_SETTINGS,
  adminGet,
  currentSubscription,
  decideMandate,
  factValue,
  LIGHT_START,
  openPanel,
  panelStatus,
  payFromPanel,
} from './membership-steps.js';

const browser = useBrowser();
// Membership years of 20 s: renewal starts 10 s before the end, the "day" of notice before a charge is 1 s.
const NOTICE_TO_CHARGE_SECONDS = 1;
let product: ProductProcess;

beforeAll(async () => {
  product = await startProductProcess({
    MEMBERSHIP_PERIOD_SECONDS: '20',
    RENEWAL_LEAD_SECONDS: '10',
    RENEWAL_NOTICE_TO_CHARGE_SECONDS: String(NOTICE_TO_CHARGE_SECONDS),
    RENEWAL_CHECK_DELAY_SECONDS: '1',
    RENEWAL_RETRY_SECONDS: '1',
    WORKFLOW_POLL_MS: '200',
    ...ADMIN_SETTINGS,
  });
});
afterAll(async () => {
  await product?.stop();
});

/** Waits (not an assertion: the durations are the product's) until the member's subscription satisfies `done`. */
async function until(token: string, done: (subscription: any) => boolean, limitMs = 40_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const subscription = await currentSubscription(product.baseURL, token);
    if (done(subscription)) return subscription;
    if (Date.now() > deadline) throw new Error(`the subscription never got there: ${JSON.stringify(subscription)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function setAutoRenewal(token: string, autoRenewal: boolean): Promise<void> {
  const answer = await fetch(`${product.baseURL}/api/subscription/toggle-auto-renewal`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ autoRenewal }),
  });
  expect(answer.status).toBe(200);
}

describe.concurrent('the end of a membership year', () => {
  it('with auto-renewal on: a pre-debit notice is mailed before the charge, which renews the membership', async () => {
    const member = await subscriber({ base: product.baseURL });
    const first = await currentSubscription(product.baseURL, member.token);
    const renewed = await until(member.token, (s) => s.end_date !== first.end_date);
    expect(renewed.status).toBe('active');
    expect(renewed.start_date).toBe(first.end_date);
    // No second renewal while the screens are checked below.
    await setAutoRenewal(member.token, false);

    const charge = (await adminGet(product.baseURL, `/admin/payments?searchTerm=${first.order_id}-C1-A1`)).payments;
    expect(charge).toHaveLength(1);
    expect(charge[0]).toMatchObject({ status: 'success', amount_paise: 117_882, paymentType: 'subscription' });
    const mail = (
      await fetch(`${product.baseURL}/dev/mailbox`, { headers: { accept: 'application/json' } }).then((r) => r.json())
    ).data.filter((m: { recipient: string; subject: string }) => m.recipient === member.email && /renews on/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0].body_text).toContain('₹1,178.82');
    const noticed = Date.parse(mail[0].created_at);
    expect(Date.parse(charge[0].processedAt) - noticed).toBeGreaterThanOrEqual(NOTICE_TO_CHARGE_SECONDS * 1000);

    // The member sees the renewal: still active, and the latest payment is the renewal charge.
    const { page } = await browser.open(LIGHT_START, { session: member.session });
    await openPanel(page, product.baseURL);
    expect(await panelStatus(page)).toEqual({ label: 'Active', tone: 'green' });
    await page.getByRole('button', { name: 'VIEW DETAILS' }).click();
    const details = page.getByRole('dialog', { name: 'Subscription Details' });
    await details.waitFor();
    expect(await factValue(page, 'Payment ID')).toBe(`${first.order_id}-C1-A1`);
    expect(await factValue(page, 'Payment Status')).toBe('SUCCESS');
    await page.close();
  }, 60_000);

  it('with auto-renewal off: it expires, and RENEW SUBSCRIPTION pays for a new year', async () => {
    const member = await subscriber({ base: product.baseURL });
    await setAutoRenewal(member.token, false);
    await until(member.token, (s) => s.status === 'expired');

    const { page } = await browser.open(LIGHT_START, { session: member.session });
    await openPanel(page, product.baseURL);
    expect(await panelStatus(page)).toEqual({ label: 'Expired', tone: 'red' });
    await payFromPanel(page, 'RENEW SUBSCRIPTION');
    await decideMandate(page, 'approve');
    await page.getByRole('heading', { name: 'Subscription Activated!' }).waitFor();
    expect((await currentSubscription(product.baseURL, member.token)).status).toBe('active');
    await page.close();
  }, 60_000);
});
