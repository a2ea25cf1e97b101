import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/security-headers.js';

async function policyWith(thirdParties?: Parameters<typeof securityHeaders>[1]) {
  const app = new Hono().use(securityHeaders(false, thirdParties)).get('/', (c) => c.text('ok'));
  const res = await app.request('/');
  return res.headers.get('content-security-policy') ?? '';
}

describe('content security policy', () => {
  it('allows no outside script or frame when neither Google nor Cashfree is configured', async () => {
    const csp = await policyWith();
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('google');
    expect(csp).not.toContain('cashfree');
  });

  it('opens exactly to Google sign-in when a Google client is configured', async () => {
    const csp = await policyWith({ googleSignIn: true, cashfreeCheckout: false });
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(csp).not.toContain('cashfree');
  });

  it('opens to Cashfree checkout when Cashfree is configured', async () => {
    const csp = await policyWith({ googleSignIn: false, cashfreeCheckout: true });
    expect(csp).toContain('https://sdk.cashfree.com');
    expect(csp).toMatch(/form-action 'self' https:\/\/api\.cashfree\.com/);
    expect(csp).not.toContain('google');
  });
});
