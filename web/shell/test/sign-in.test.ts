import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeAfterLogin } from '../src/session/route-after-login.js';
import { continueWithStoredSession, startSignIn } from '../src/session/start-sign-in.js';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

function fakeWindow() {
  const assign = vi.fn();
  vi.stubGlobal('window', { location: { pathname: '/about', search: '?x=1', assign } });
  return assign;
}

afterEach(() => vi.unstubAllGlobals());

describe('startSignIn', () => {
  it('asks to reuse the stored email when the session holds both a token and an email', () => {
    const assign = fakeWindow();
    const ask = vi.fn();
    startSignIn(ask, storage({ token: 't', email: 'asha@example.in' }));
    expect(ask).toHaveBeenCalledWith('asha@example.in');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each<Record<string, string>>([{}, { token: 't' }, { email: 'asha@example.in' }])(
    'goes to the identity provider, back to this page, with %j stored',
    (stored) => {
      const assign = fakeWindow();
      const ask = vi.fn();
      startSignIn(ask, storage(stored));
      expect(ask).not.toHaveBeenCalled();
      expect(assign).toHaveBeenCalledWith('/dev/idp?return_to=%2Fabout%3Fx%3D1');
    },
  );
});

describe("'Use Same Email'", () => {
  it('goes where the profile says when the stored token still works', async () => {
    fakeWindow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ is_success: true, data: [{ needList: 'phone,laptop' }] }), { status: 200 })),
    );
    const navigate = vi.fn();
    await continueWithStoredSession(navigate, storage({ token: 't', email: 'asha@example.in' }));
    expect(navigate).toHaveBeenCalledWith('/profile');
  });

  it('starts sign-in afresh when the profile cannot be fetched', async () => {
    const assign = fakeWindow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ is_success: false, message: 'Unauthorized' }), { status: 401 })),
    );
    const navigate = vi.fn();
    await continueWithStoredSession(navigate, storage({ token: 'stale', email: 'asha@example.in' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/dev/idp?return_to=%2Fabout%3Fx%3D1');
  });
});

describe('routeAfterLogin', () => {
  it('sends a member with at least one Need list item to their account', () => {
    expect(routeAfterLogin({ needList: 'headphones' })).toBe('/profile');
    expect(routeAfterLogin({ needList: ' , ,shoes' })).toBe('/profile');
  });

  it('sends everyone else to onboarding step 01', () => {
    expect(routeAfterLogin({ needList: '' })).toBe('/personalDetails');
    expect(routeAfterLogin({ needList: ' , , ' })).toBe('/personalDetails');
    expect(routeAfterLogin({})).toBe('/personalDetails');
    expect(routeAfterLogin(undefined)).toBe('/personalDetails');
  });
});
