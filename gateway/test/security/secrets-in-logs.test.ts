import { captureLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type CallResult, COMPLETE_PROFILE, type ProductUnderTest, startProduct } from '../support/product.js';

const UPI_ID = 'asha.private@okaxis';

/**
 * Secrets and logs (issue 9, suite 7): a whole member and admin journey at debug level, then every log line and
 * every response is searched for what must never appear there: session tokens, ID tokens, the admin password, a
 * member's full UPI identifier.
 */
describe('secrets stay out of logs and responses', () => {
  const captured = captureLogger('journey');
  let harness: ProductUnderTest;
  const responses: Array<{ path: string; result: CallResult }> = [];

  beforeAll(async () => {
    harness = await startProduct('pglite', {}, captured.logger);
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
    await call('/admin/users', { token: adminToken });
    await call('/admin/payments', { token: adminToken });
    await call('/user/logout', { token, body: {} });
    const stale = await call('/user/get-profile', { token, body: {} });
    expect(stale.status).toBe(401);
    await call('/user/get-profile', { headers: { cookie: `session=${token}` }, body: {} });

    const secrets = {
      'member token': token,
      'admin token': adminToken,
      'ID token': idToken,
      'admin password': ADMIN.password,
      'UPI id': UPI_ID,
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
