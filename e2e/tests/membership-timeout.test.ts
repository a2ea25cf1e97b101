import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../src/browser.js';
import { completeProfile, signUp } from '../src/members.js';
import { type ProductProcess, startProductProcess } from '../src/product-process.js';
import {
  ADMIN_SETTINGS,
  adminGet,
  decideMandate,
  factValue,
  LIGHT_START,
  openPanel,
  PANEL_PATH,
  panelStatus,
  payFromPanel,
} from './membership-steps.js';

const browser = useBrowser();
// A product of its own whose payments time out after seconds instead of 15 minutes.
const TIMEOUT_SECONDS = 15;
let product: ProductProcess;

beforeAll(async () => {
  product = await startProductProcess({
    PAYMENT_AT_RISK_SECONDS: '10',
    PAYMENT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    WORKFLOW_POLL_MS: '200',
    ...ADMIN_SETTINGS,
  });
});
afterAll(async () => {
  await product?.stop();
});

async function timedOutPayments() {
  const answer = await adminGet(product.baseURL, '/admin/payments/timeouts?days=1');
  return answer.payments as Array<{ orderId: string; status: string; failureReason: string | null; timeout_info: any }>;
}

describe('an abandoned payment', () => {
  it('fails by itself after the timeout, marked auto_failed, and the panel notices while polling', async () => {
    const base = product.baseURL;
    const member = await signUp({ base });
    await completeProfile(member, {}, base);
    const { page } = await browser.open(LIGHT_START, { session: member.session });
    await openPanel(page, base);
    await payFromPanel(page, 'SUBSCRIBE NOW');
    await decideMandate(page, 'leave');
    await page.getByRole('heading', { name: 'Payment Pending' }).waitFor();
    // How long the payment stays open is this product's PAYMENT_TIMEOUT_SECONDS, as the server reports it.
    await page.getByText(`It stays open for ${TIMEOUT_SECONDS} seconds, until `, { exact: false }).waitFor();
    expect(await page.getByText(/fails by itself if it is not completed by then/).count()).toBe(1);
    const orderId = await factValue(page, 'Order ID');
    expect(await factValue(page, 'Status')).toBe('PENDING');

    // The panel polls the mandate every 10 s while the subscription is pending, and reloads once it is not.
    await page.goto(`${base}${PANEL_PATH}`);
    await page.getByRole('region', { name: 'CURRENT SUBSCRIPTION' }).waitFor();
    expect(await panelStatus(page)).toEqual({ label: 'Pending', tone: 'orange' });
    await page.getByRole('button', { name: 'RETRY PAYMENT' }).waitFor({ timeout: 30_000 });
    expect(await panelStatus(page)).toEqual({ label: 'Failed', tone: 'red' });

    const timedOut = (await timedOutPayments()).filter((payment) => payment.orderId === orderId);
    expect(timedOut).toHaveLength(1);
    expect(timedOut[0]).toMatchObject({ status: 'failed', metadata: { auto_failed: true }, timeout_info: { auto_failed: true } });
    expect(timedOut[0]?.failureReason).toMatch(/timed out/);

    // The order page, asked again, tells the member the payment failed and why.
    await page.goto(`${base}/order?order_id=${orderId}`);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    expect(await page.getByText(/timed out/).count()).toBe(1);
    await page.close();
  }, 60_000);
});
