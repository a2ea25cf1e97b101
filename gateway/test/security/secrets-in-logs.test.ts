import { randomBytes } from 'node:crypto';
import { SESSION_COOKIES } from '@elts/contracts';
import { captureLogger, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorOf } from '../../../services/payments/src/gateway/create-gateway.js';
import { orderBody } from '../support/client.js';
import { ADMIN, type CallResult, COMPLETE_PROFILE, type ProductUnderTest, startProduct } from '../support/product.js';
import { PRODUCT_BODY } from './access-table.js';

const UPI_ID = 'asha.private@okaxis';
/** The token the gateway and the services prove themselves to each other with. */
const SERVICE_TOKEN = randomBytes(32).toString('hex');

/**
 * Secrets and logs (issue 9, suite 7): a whole member and admin journey at debug level (membership, a product
 * order paid on the Cashfree emulator's page, whose payment arrives as a signed webhook, and that webhook delivered again
 * through the gateway), then every log line and every response is searched for what must never appear there:
 * session tokens, ID tokens, the admin password, the service token, the webhook signing secret, a member's full UPI
 * identifier. (The rig pays through the production adapter on the emulator in payments: its client secret, which
 * signs the webhooks, is the one that must not leak.)
 */
describe('secrets stay out of logs and responses', () => {
  const captured = captureLogger('journey');
  let harness: ProductUnderTest;
  const responses: Array<{ path: string; result: CallResult }> = [];

  beforeAll(async () => {
    harness = await startProduct('pglite', {}, captured.logger, { serviceToken: SERVICE_TOKEN });
  }, 120_000);
  afterAll(async () => {
    await harness?.stop();
  });

  it('never writes a token, a password or a full UPI id, and answers them only to their owner', async () => {
    const call: ProductUnderTest['call'] = async (path, init) => {
      const result = await harness.call(path, init);
      responses.push({ path, result });
      return result;
    };
    const idp = await call('/dev/idp/id-token', { body: { email: 'secret.keeper@example.in', name: 'Asha Rao' } });
    const idToken = idp.body.id_token as string;
    const login = await call('/user/login', { body: { credential: idToken } });
    const token = login.body.token as string;
    await call('/user/update-profile', { token, body: COMPLETE_PROFILE });
    let mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
    for (let i = 0; mandate.status !== 200 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
    }
    expect(mandate.status, mandate.text).toBe(200);
    const approved = await call(new URL(mandate.body.data.payment_link).pathname, { form: { outcome: 'success', upi_id: UPI_ID } });
    expect(approved.status).toBe(303);
    await call('/subscription/current', { token });
    await call('/user/get-profile', { token, body: {} });
    // Wrong credentials and a stale session are where secrets most often slip into logs.
    await call('/admin/login', { body: { username: ADMIN.username, password: `${ADMIN.password} typo` } });
    const admin = await call('/admin/login', { body: ADMIN });
    const adminToken = admin.body.token as string;

    // A product order, paid on the emulator's page: Cashfree tells payments by a signed webhook.
    const now = Date.now();
    const product = await call('/product/create', {
      token: adminToken,
      body: {
        ...PRODUCT_BODY,
        sku: 'SECRET-KETTLE',
        saleStartAt: new Date(now - 3600_000).toISOString(),
        saleEndAt: new Date(now + 24 * 3600_000).toISOString(),
      },
    });
    expect(product.status, product.text).toBe(201);
    const order = await call('/product/order', { token, body: orderBody(product.body.data.id) });
    expect(order.status, order.text).toBe(200);
    const orderId = order.body.data.order_id as string;
    const checkout = await call(`/product/order/${orderId}/checkout`, { token, body: {} });
    expect(checkout.status, checkout.text).toBe(200);
    const paid = await call(new URL(checkout.body.data.payment_link).pathname, { form: { outcome: 'success', method: 'upi' } });
    expect(paid.status, paid.text).toBe(303);
    await eventually(async () => (await call(`/product/order/${orderId}`, { token })).body?.data?.status === 'completed', 15_000);
    // The same payment's webhook delivered again, through the gateway, signed with the client secret as Cashfree signs.
    const cashfree = emulatorOf(harness.product.services.payments.instance.app);
    if (!cashfree) throw new Error('no Cashfree emulator in payments');
    const webhookSecret = cashfree.clientSecret;
    const webhook = cashfree.webhooks.payment(orderId);
    const replayed = await call('/webhooks/cashfree', { raw: webhook.body, headers: webhook.headers });
    expect(replayed.status, replayed.text).toBe(200);

    await call('/admin/users', { token: adminToken });
    await call('/admin/payments', { token: adminToken });
    await call('/user/logout', { token, body: {} });
    const stale = await call('/user/get-profile', { token, body: {} });
    expect(stale.status).toBe(401);
    await call('/user/get-profile', { headers: { cookie: `${SESSION_COOKIES.member}=${token}`, origin: 'http://localhost' }, body: {} });
    await call('/admin/users', { headers: { cookie: `${SESSION_COOKIES.admin}=${adminToken}` } });

    const secrets = {
      'member token': token,
      'admin token': adminToken,
      'ID token': idToken,
      'admin password': ADMIN.password,
      'UPI id': UPI_ID,
      'service token': SERVICE_TOKEN,
      'webhook signing secret': webhookSecret,
    };
    const logs = captured.text();
    expect(logs.length).toBeGreaterThan(1000);
    for (const [name, secret] of Object.entries(secrets)) expect(logs.includes(secret), `${name} in the logs`).toBe(false);
    expect(logs).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/);

    // Each secret reaches only the response that hands it to its owner.
    const handedOver: Record<string, string> = {
      'member token': '/user/login',
      'admin token': '/admin/login',
      'ID token': '/dev/idp/id-token',
    };
    for (const [name, secret] of Object.entries(secrets)) {
      const leaks = responses
        .filter(({ path, result }) => path !== handedOver[name] && result.text.includes(secret))
        .map(({ path }) => path);
      expect(leaks, `${name} in responses`).toEqual([]);
    }
    // The UPI id is shown masked where the member sees their mandate, never in full.
    for (const { result } of responses) expect(result.text).not.toContain(UPI_ID);
  }, 120_000);
});
