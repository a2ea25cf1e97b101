import { describe, expect, it } from 'vitest';
import { baseURL } from '../src/browser.js';
import { subscriber } from '../src/members.js';

// The API path every shopping journey starts from: sign-in, a full profile and a paid membership, through the
// gateway of the running product (development sign-in, the payment simulator and its webhook).
describe('a subscriber made through the API', () => {
  it('has a complete profile and an active membership valid for a year', async () => {
    const member = await subscriber();
    const profile = await fetch(`${baseURL()}/user/get-profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
    }).then((r) => r.json());
    expect(profile.data[0]).toMatchObject({ email: member.email, subscription_status: 'active', onboarding: { complete: true } });
    const current = await fetch(`${baseURL()}/subscription/current`, { headers: { authorization: `Bearer ${member.token}` } }).then((r) =>
      r.json(),
    );
    expect(current.data.subscription.status).toBe('active');
    const days = (Date.parse(current.data.subscription.end_date) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
  });
});
