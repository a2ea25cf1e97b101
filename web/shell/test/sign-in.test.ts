import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeSignIn } from '../src/session/complete-sign-in.js';
import { renderGoogleButton } from '../src/session/google-identity.js';
import { invitationCodeFrom, takeReturnedIdToken } from '../src/session/id-token-return.js';
import { userFromIdToken } from '../src/session/id-token-user.js';
import { routeAfterLogin } from '../src/session/route-after-login.js';
import { SIGN_IN_COPY } from '../src/session/sign-in-copy.js';
import { continueWithStoredSession, startSignIn } from '../src/session/start-sign-in.js';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

const progress = (done: Partial<Record<'personalDetails' | 'spendType' | 'myLists' | 'shippingInfo', boolean>>) => ({
  personalDetails: false,
  spendType: false,
  myLists: false,
  shippingInfo: false,
  ...done,
  complete: false,
});

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = (claims: object) => `${base64url({ alg: 'ES256' })}.${base64url(claims)}.signature`;
const ASHA = idToken({ sub: 'dev|asha@example.in', email: 'asha@example.in', name: 'Asha Rao', picture: 'https://x.in/a.png' });

/** Answers each API path with the given status and body, and records what was sent. */
function fakeApi(answers: Record<string, { status?: number; body: unknown } | Error>) {
  const calls: Array<{ path: string; body: unknown; authorization: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        authorization: new Headers(init.headers).get('authorization'),
      });
      const answer = answers[path];
      if (!answer) throw new Error(`unexpected call to ${path}`);
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startSignIn', () => {
  it('asks to reuse the stored email when the session holds both a token and an email', () => {
    const ways = { askToReuseEmail: vi.fn(), signInWithProvider: vi.fn() };
    startSignIn(ways, storage({ token: 't', email: 'asha@example.in' }));
    expect(ways.askToReuseEmail).toHaveBeenCalledWith('asha@example.in');
    expect(ways.signInWithProvider).not.toHaveBeenCalled();
  });

  it.each<Record<string, string>>([{}, { token: 't' }, { email: 'asha@example.in' }])(
    'goes to the identity provider with %j stored',
    (stored) => {
      const ways = { askToReuseEmail: vi.fn(), signInWithProvider: vi.fn() };
      startSignIn(ways, storage(stored));
      expect(ways.askToReuseEmail).not.toHaveBeenCalled();
      expect(ways.signInWithProvider).toHaveBeenCalledOnce();
    },
  );
});

describe("'Use Same Email'", () => {
  it('fetches the profile with the stored token (raw, no scheme) and goes where it says', async () => {
    const calls = fakeApi({
      '/user/get-profile': { body: { is_success: true, data: [{ onboarding: { ...progress({ personalDetails: true }) } }] } },
    });
    const navigate = vi.fn();
    const provider = vi.fn();
    await continueWithStoredSession(navigate, provider, storage({ token: 'stored-token', email: 'asha@example.in' }));
    expect(calls[0]?.authorization).toBe('stored-token');
    expect(navigate).toHaveBeenCalledWith('/spendType');
    expect(provider).not.toHaveBeenCalled();
  });

  it('starts sign-in afresh when the profile cannot be fetched', async () => {
    fakeApi({ '/user/get-profile': { status: 401, body: { is_success: false, message: 'Session expired. Please login again.' } } });
    const navigate = vi.fn();
    const provider = vi.fn();
    await continueWithStoredSession(navigate, provider, storage({ token: 'stale', email: 'asha@example.in' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(provider).toHaveBeenCalledOnce();
  });
});

describe('routeAfterLogin', () => {
  it('sends a member whose onboarding is complete to their account', () => {
    expect(routeAfterLogin({ onboarding: { ...progress({}), complete: true } })).toBe('/profile');
  });

  it('sends everyone else to the first onboarding step not yet done', () => {
    expect(routeAfterLogin({ onboarding: progress({}) })).toBe('/personalDetails');
    expect(routeAfterLogin({ onboarding: progress({ personalDetails: true }) })).toBe('/spendType');
    expect(routeAfterLogin({ onboarding: progress({ personalDetails: true, spendType: true }) })).toBe('/myLists');
    expect(routeAfterLogin({ onboarding: progress({ personalDetails: true, spendType: true, myLists: true }) })).toBe('/shippingInfo');
    // A skipped earlier step comes first, even when later ones are done.
    expect(routeAfterLogin({ onboarding: progress({ spendType: true, myLists: true, shippingInfo: true }) })).toBe('/personalDetails');
  });

  it('starts at step 01 when the profile is unknown', () => {
    expect(routeAfterLogin(undefined)).toBe('/personalDetails');
    expect(routeAfterLogin({})).toBe('/personalDetails');
  });
});

describe('userFromIdToken (the user info)', () => {
  it("reads the spec's user payload from the token's claims", () => {
    expect(userFromIdToken(ASHA)).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.in',
      id: 'dev|asha@example.in',
      profile_image: 'https://x.in/a.png',
    });
  });

  it('refuses a token without an email or that is not a token at all', () => {
    expect(() => userFromIdToken(idToken({ sub: 'x' }))).toThrow();
    expect(() => userFromIdToken('not-a-token')).toThrow();
  });
});

describe('completeSignIn', () => {
  const saved = () => {
    const values: Record<string, string> = {};
    const setItem = (key: string, value: string) => {
      values[key] = value;
    };
    return { values, storage: { setItem } };
  };

  it('logs in with the credential, stores token, email and name, and lands by the profile', async () => {
    const calls = fakeApi({
      '/user/login': {
        body: { is_success: true, token: 'session-token', message: 'Login successful', data: { email: 'asha@example.in' } },
      },
      '/user/get-profile': { body: { is_success: true, data: [{ onboarding: { ...progress({}), complete: true } }] } },
    });
    const { values, storage: store } = saved();
    const outcome = await completeSignIn(ASHA, { storage: store, invitationCode: 'ABCDEFGH23' });
    expect(outcome).toEqual({ ok: true, path: '/profile' });
    expect(values).toEqual({ token: 'session-token', email: 'asha@example.in', name: 'Asha Rao' });
    expect(calls[0]?.body).toMatchObject({ credential: ASHA, invitation_code: 'ABCDEFGH23', user: { email: 'asha@example.in' } });
    expect(calls[1]?.authorization).toBe('session-token');
  });

  it('still signs in, at step 01, when the profile cannot be read (only logged)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({
      '/user/login': { body: { is_success: true, token: 'session-token' } },
      '/user/get-profile': new TypeError('Failed to fetch'),
    });
    const { values, storage: store } = saved();
    expect(await completeSignIn(ASHA, { storage: store })).toEqual({ ok: true, path: '/personalDetails' });
    expect(values.token).toBe('session-token');
  });

  it("says 'Failed to get user info. Please try again.' when the token carries no user", async () => {
    const calls = fakeApi({});
    expect(await completeSignIn('garbage', { storage: saved().storage })).toEqual({ ok: false, message: SIGN_IN_COPY.userInfoFailed });
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when the login is refused, and stores nothing", async () => {
    fakeApi({ '/user/login': { status: 403, body: { is_success: false, message: 'Registration is by invitation only.' } } });
    const { values, storage: store } = saved();
    expect(await completeSignIn(ASHA, { storage: store })).toEqual({ ok: false, message: 'Registration is by invitation only.' });
    expect(values).toEqual({});
  });

  it("says 'Login failed. Please try again.' without a server message, without a token, or when the call throws", async () => {
    const failed = { ok: false, message: SIGN_IN_COPY.loginFailed };
    fakeApi({ '/user/login': { status: 500, body: { is_success: false } } });
    expect(await completeSignIn(ASHA, { storage: saved().storage })).toEqual(failed);
    fakeApi({ '/user/login': { body: { is_success: true } } });
    expect(await completeSignIn(ASHA, { storage: saved().storage })).toEqual(failed);
    fakeApi({ '/user/login': new TypeError('Failed to fetch') });
    expect(await completeSignIn(ASHA, { storage: saved().storage })).toEqual(failed);
  });
});

describe('what comes back in the address', () => {
  it("takes an invitation code from an invitation link's ?invite=", () => {
    expect(invitationCodeFrom('?invite=ABCDEFGH23')).toBe('ABCDEFGH23');
    expect(invitationCodeFrom('?invite=')).toBeUndefined();
    expect(invitationCodeFrom('')).toBeUndefined();
  });

  it('takes the ID token out of the fragment, and out of the address', () => {
    const replaceState = vi.fn();
    vi.stubGlobal('window', { history: { state: null, replaceState } });
    expect(takeReturnedIdToken({ hash: '#id_token=abc.def.ghi', pathname: '/about', search: '?x=1' })).toBe('abc.def.ghi');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/about?x=1');
    expect(takeReturnedIdToken({ hash: '#faqs', pathname: '/privacy', search: '' })).toBeUndefined();
    expect(replaceState).toHaveBeenCalledOnce();
  });
});

describe('Google Identity Services (production)', () => {
  it("puts Google's button in the dialog, in popup mode with the gateway's client id, and hands back its credential", async () => {
    const initialize = vi.fn();
    const renderButton = vi.fn();
    vi.stubGlobal('window', { google: { accounts: { id: { initialize, renderButton, cancel: vi.fn() } } } });
    const slot = {} as HTMLElement;
    const onCredential = vi.fn();
    await renderGoogleButton(slot, 'client-123.apps.googleusercontent.com', onCredential);
    expect(initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com', ux_mode: 'popup' }),
    );
    expect(renderButton.mock.calls[0]?.[0]).toBe(slot);
    initialize.mock.calls[0]?.[0].callback({ credential: 'google-id-token' });
    expect(onCredential).toHaveBeenCalledWith('google-id-token');
  });
});
